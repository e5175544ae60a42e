import "server-only";
import { NextResponse } from "next/server";
import type { User } from "@/lib/server/db/schema";
import { clearedSessionCookie, encodeSession, sessionCookie } from "@/lib/server/auth/session";
import { toPublicUser, type SignedIn } from "@/lib/server/present/user";

/** A JSON response carrying the user and a fresh session cookie for them. */
export async function signedInResponse(user: User, status = 200) {
  const res = NextResponse.json<SignedIn>({ user: toPublicUser(user), displayName: user.displayName }, { status });
  res.cookies.set(sessionCookie(await encodeSession(user)));
  return res;
}

/** A JSON response that clears the session cookie (ending the session on the server is the caller's part). */
export function signedOutResponse() {
  const res = NextResponse.json({ ok: true });
  res.cookies.set(clearedSessionCookie());
  return res;
}
