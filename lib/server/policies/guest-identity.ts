import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { GUEST_KEY_HEADER } from "@/lib/constants";
import { env } from "@/lib/env";
import { requestCookies } from "@/lib/server/request-cookies";
import { AppError } from "@/lib/server/errors";
import { claimGuestSession, findGuestSession } from "@/lib/server/queries/guest-sessions";
import type { ConversationKey } from "@/lib/server/queries/messages";
import type { SharedAssistantRow } from "@/lib/server/queries/shared-assistants";

// A guest's session id (made by the page: session_ + time + random) names their conversation on a
// share, but is never trusted alone: the browser that first used it holds a secret key in an
// HttpOnly cookie, and only that browser reads or extends it (docs/rules/sharing.md#guest-identity).
// The database keeps a hash of the key.

export const GUEST_KEY_COOKIE = "dc_guest_key";
/**
 * The same key for a share shown in another site's <iframe>, where the SameSite=Lax cookie is
 * neither stored nor sent. Over https only (SameSite=None needs Secure), and Partitioned (CHIPS):
 * kept per embedding site, so it follows no one across sites and another site's page cannot send
 * it either. Where the browser refuses every third-party cookie (Safari; Chrome set to block them)
 * the framed page asks for the key in a response header (GUEST_KEY_HEADER: "new") and sends it back
 * in that header: the conversation then lasts as long as the page. Only a key minted for that very
 * request is ever given out, never one a cookie already holds; and another site cannot send the
 * header (it would need CORS, which the API does not grant).
 */
export const EMBEDDED_GUEST_KEY_COOKIE = "__Host-dc_guest_key_embedded";
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export { GUEST_SESSION_ID_PATTERN as SESSION_ID_PATTERN } from "@/lib/constants";
const KEY_MAX_AGE_S = 365 * 24 * 60 * 60;

function hash(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The Set-Cookie lines that give this browser its key: the first-party cookie, and over https the embedded one. */
export function guestKeyCookieHeaders(key: string): string[] {
  const lines = [`${GUEST_KEY_COOKIE}=${key}; Path=/; Max-Age=${KEY_MAX_AGE_S}; HttpOnly; SameSite=Lax${env.secureCookies ? "; Secure" : ""}`];
  if (env.secureCookies) lines.push(`${EMBEDDED_GUEST_KEY_COOKIE}=${key}; Path=/; Max-Age=${KEY_MAX_AGE_S}; HttpOnly; Secure; SameSite=None; Partitioned`);
  return lines;
}

function browserKey(req: Request): string | null {
  const cookies = requestCookies(req);
  for (const value of [cookies[GUEST_KEY_COOKIE], cookies[EMBEDDED_GUEST_KEY_COOKIE], req.headers.get(GUEST_KEY_HEADER)]) {
    if (value && KEY_PATTERN.test(value)) return value;
  }
  return null;
}

/** The guest conversation this browser may read, or null (unknown id, or another browser's). */
export async function readableGuestConversation(req: Request, share: SharedAssistantRow, sessionId: string): Promise<ConversationKey | null> {
  const key = browserKey(req);
  if (!key) return null;
  const session = await findGuestSession(share.id, sessionId);
  if (!session || !sameHash(session.browserKeyHash, hash(key))) return null;
  return { kind: "share-guest", sharedAssistantId: share.id, guestSessionId: session.id, sessionId };
}

/**
 * The guest conversation this browser writes to, created on first use and bound to it. A session
 * id another browser already holds is refused (409): the page then starts a new one. `frameKey`:
 * the new key, for a framed page that asked for it (to send in GUEST_KEY_HEADER).
 */
export async function writableGuestConversation(
  req: Request,
  share: SharedAssistantRow,
  sessionId: string,
  ip: string | null,
): Promise<{ conversation: ConversationKey; setCookies: string[]; frameKey?: string }> {
  const existing = browserKey(req);
  const key = existing ?? randomBytes(32).toString("base64url");
  const session = await claimGuestSession({ sharedAssistantId: share.id, sessionId, browserKeyHash: hash(key), ip });
  if (!sameHash(session.browserKeyHash, hash(key))) throw new AppError("conflict", { messageKey: "guest_session_taken" });
  return {
    conversation: { kind: "share-guest", sharedAssistantId: share.id, guestSessionId: session.id, sessionId },
    setCookies: existing ? [] : guestKeyCookieHeaders(key),
    frameKey: !existing && req.headers.get(GUEST_KEY_HEADER) === "new" ? key : undefined,
  };
}
