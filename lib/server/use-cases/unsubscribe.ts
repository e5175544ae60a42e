import "server-only";
import { readUnsubscribeToken, TEST_RECIPIENT_ID, type MailTopic } from "@/lib/server/mail/unsubscribe-token";
import { setInsightsDigest, setSubscribed } from "@/lib/server/queries/email-preferences";
import { findUserById } from "@/lib/server/queries/users";

// Unsubscribing (and subscribing again) with the signed token of a message's link: no sign-in.
// Each list has its own token and its own preference (campaigns; the weekly insights digest).

export type TokenSubject = { kind: "invalid" } | { kind: "test" } | { kind: "user"; userId: string; email: string; locale: string | null; subscribed: boolean };

export async function tokenSubject(token: string | null | undefined, topic: MailTopic = "campaigns"): Promise<TokenSubject> {
  const userId = await readUnsubscribeToken(token, topic);
  if (!userId) return { kind: "invalid" };
  if (userId === TEST_RECIPIENT_ID) return { kind: "test" };
  const user = await findUserById(userId);
  if (!user) return { kind: "invalid" };
  const subscribed = topic === "digest" ? user.insightsDigestStoppedAt === null : user.emailUnsubscribedAt === null;
  return { kind: "user", userId: user.id, email: user.email, locale: user.locale, subscribed };
}

/** Applies the choice; "invalid" for a token this server did not make (or whose user is gone). */
export async function setSubscriptionByToken(token: string | null | undefined, subscribed: boolean, topic: MailTopic = "campaigns"): Promise<"done" | "test" | "invalid"> {
  const subject = await tokenSubject(token, topic);
  if (subject.kind !== "user") return subject.kind;
  const set = topic === "digest" ? setInsightsDigest : setSubscribed;
  return (await set(subject.userId, subscribed)) ? "done" : "invalid";
}
