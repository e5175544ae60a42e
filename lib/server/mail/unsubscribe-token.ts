import "server-only";
import { signValue, verifySignedValue } from "@/lib/server/auth/derived-keys";

// The unsubscribe link of every campaign message: the user's id and a signature over it, so the
// link works without signing in (and never expires, as old messages keep their links) while nobody
// can make one for another user. A test message carries the id "test", which changes nothing.

const PURPOSE = "email-unsubscribe";
export const TEST_RECIPIENT_ID = "test";

export async function unsubscribeToken(userId: string): Promise<string> {
  return `${userId}.${await signValue(PURPOSE, userId)}`;
}

/** The user id the token was made for, or null for anything not made by this server. */
export async function readUnsubscribeToken(token: string | null | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  return (await verifySignedValue(PURPOSE, userId, token.slice(dot + 1))) ? userId : null;
}
