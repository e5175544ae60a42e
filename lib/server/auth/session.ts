import "server-only";
import { encode, decode, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";
import { SESSION_MAX_AGE_S } from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";
import { findUserById } from "@/lib/server/queries/users";
import { requestCookies } from "@/lib/server/http/cookies";
import { getAuthSecret } from "./secret";

// Sessions are next-auth JWT cookies (encrypted, HttpOnly, SameSite=Lax, Secure over https).
// Credentials sign-in issues the same cookie as next-auth's Google flow, so one reader serves both.
// The token carries the user id and session version; every request re-reads the user, so disabling
// a user or bumping the version ends their sessions at once.

export const SESSION_COOKIE = `${env.secureCookies ? "__Secure-" : ""}next-auth.session-token`;

export interface SessionClaims extends JWT {
  uid: string;
  sv: number;
}

export async function encodeSession(user: Pick<User, "id" | "sessionVersion" | "email" | "displayName">) {
  const token: SessionClaims = { sub: user.id, uid: user.id, sv: user.sessionVersion, email: user.email, name: user.displayName };
  return encode({ token, secret: await getAuthSecret(), maxAge: SESSION_MAX_AGE_S });
}

export function sessionCookie(value: string, maxAge = SESSION_MAX_AGE_S) {
  return {
    name: SESSION_COOKIE,
    value,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env.secureCookies,
    path: "/",
    maxAge,
  };
}

export function clearedSessionCookie() {
  return sessionCookie("", 0);
}

/** The active user behind a session cookie value, or null (bad token, disabled, session ended). */
export async function userFromSessionToken(token: string | undefined): Promise<User | null> {
  if (!token) return null;
  let claims: JWT | null;
  try {
    claims = await decode({ token, secret: await getAuthSecret() });
  } catch {
    return null;
  }
  return activeUserForClaims(claims);
}

/** The active user a decoded session token names, or null (disabled, deleted, session ended). */
export async function activeUserForClaims(claims: JWT | null | undefined): Promise<User | null> {
  const uid = typeof claims?.uid === "string" ? claims.uid : undefined;
  if (!uid) return null;
  const user = await findUserById(uid);
  if (!user || user.disabled || user.sessionVersion !== claims?.sv) return null;
  return user;
}

export function userFromRequest(req: Request): Promise<User | null> {
  return userFromSessionToken(requestCookies(req)[SESSION_COOKIE]);
}
