import "server-only";
import { randomBytes } from "node:crypto";
import { encode, decode, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";
import { SESSION_MAX_AGE_S } from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";
import { findSessionUser, revokeSession } from "@/lib/server/queries/sessions";
import { requestCookies } from "@/lib/server/request-cookies";
import { getAuthSecret } from "./secret";

// Sessions are next-auth JWT cookies (encrypted, HttpOnly, SameSite=Lax, Secure over https).
// Credentials sign-in issues the same cookie as next-auth's Google flow, so one reader serves both.
// The token carries the user id, the user's session version and an id of its own (sid). Every
// request re-reads the user together with whether that sid was signed out, so logging out ends
// this one session, and disabling a user or bumping the version ends all of theirs, at once.

export const SESSION_COOKIE = `${env.secureCookies ? "__Secure-" : ""}next-auth.session-token`;

export interface SessionClaims extends JWT {
  uid: string;
  sv: number;
  sid: string;
}

/** A new session's id: unguessable, so nobody can sign out someone else's session by naming it. */
export function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}

/** What a fresh session token says about a user (Google's sign-in callback builds the same). */
export function sessionClaims(user: Pick<User, "id" | "sessionVersion" | "email" | "displayName">): SessionClaims {
  return { sub: user.id, uid: user.id, sv: user.sessionVersion, sid: newSessionId(), email: user.email, name: user.displayName };
}

export async function encodeSession(user: Pick<User, "id" | "sessionVersion" | "email" | "displayName">) {
  return encode({ token: sessionClaims(user), secret: await getAuthSecret(), maxAge: SESSION_MAX_AGE_S });
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

async function decodeSession(token: string | undefined): Promise<JWT | null> {
  if (!token) return null;
  try {
    return await decode({ token, secret: await getAuthSecret() });
  } catch {
    return null;
  }
}

/** The active user behind a session cookie value, or null (bad token, disabled, session ended). */
export async function userFromSessionToken(token: string | undefined): Promise<User | null> {
  return activeUserForClaims(await decodeSession(token));
}

/** The active user a decoded session token names, or null (disabled, deleted, signed out, session ended). */
export async function activeUserForClaims(claims: JWT | null | undefined): Promise<User | null> {
  const uid = typeof claims?.uid === "string" ? claims.uid : undefined;
  // A token without a session id cannot be signed out on its own, so it is not accepted at all.
  const sid = typeof claims?.sid === "string" ? claims.sid : undefined;
  if (!uid || !sid) return null;
  const found = await findSessionUser({ userId: uid, sessionId: sid });
  if (!found || found.revoked) return null;
  const { user } = found;
  if (user.disabled || user.sessionVersion !== claims?.sv) return null;
  return user;
}

export function userFromRequest(req: Request): Promise<User | null> {
  return userFromSessionToken(requestCookies(req)[SESSION_COOKIE]);
}

/**
 * Signs out the session a cookie value names, whoever's it is and whether or not it still works:
 * it stays refused on every instance for as long as any copy of it could still be valid. Anything
 * that is not one of our session tokens is ignored.
 */
export async function revokeSessionToken(token: string | undefined) {
  await revokeClaims(await decodeSession(token));
}

/** Signs out the session a decoded token names (next-auth's own sign-out hands over the token). */
export async function revokeClaims(claims: JWT | null | undefined) {
  const sid = typeof claims?.sid === "string" ? claims.sid : undefined;
  if (!sid) return;
  // Not this token's own expiry: reading the session re-issues the cookie with a later one, so a
  // copy refreshed just before the logout may outlive it. No token of this sid issued until now
  // outlives now + the maximum age.
  await revokeSession({ sessionId: sid, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000) });
}
