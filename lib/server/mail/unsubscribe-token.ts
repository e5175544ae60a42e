import "server-only";
import { signValue, verifySignedValue } from "@/lib/server/auth/derived-keys";

// The stop link of every message sent to a list: the user's id and a signature over it, so the
// link works without signing in (and never expires, as old messages keep their links) while nobody
// can make one for another user. Each list (campaigns, the weekly insights digest) signs with its
// own purpose, so one list's link can never stop the other. A test message carries the id "test",
// which changes nothing.

export const MAIL_TOPICS = ["campaigns", "digest"] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

const PURPOSES: Record<MailTopic, string> = { campaigns: "email-unsubscribe", digest: "insights-digest-stop" };
export const TEST_RECIPIENT_ID = "test";

export async function unsubscribeToken(userId: string, topic: MailTopic = "campaigns"): Promise<string> {
  return `${userId}.${await signValue(PURPOSES[topic], userId)}`;
}

/** The user id the token was made for (for that list), or null for anything not made by this server. */
export async function readUnsubscribeToken(token: string | null | undefined, topic: MailTopic = "campaigns"): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  return (await verifySignedValue(PURPOSES[topic], userId, token.slice(dot + 1))) ? userId : null;
}
