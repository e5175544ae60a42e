import "server-only";
import { readUnsubscribeToken, TEST_RECIPIENT_ID } from "@/lib/server/mail/unsubscribe-token";
import { setSubscribed } from "@/lib/server/queries/email-preferences";
import { findUserById } from "@/lib/server/queries/users";

// Unsubscribing (and subscribing again) with the signed token of a campaign's link: no sign-in.

export type TokenSubject = { kind: "invalid" } | { kind: "test" } | { kind: "user"; userId: string; email: string; locale: string | null; subscribed: boolean };

export async function tokenSubject(token: string | null | undefined): Promise<TokenSubject> {
  const userId = await readUnsubscribeToken(token);
  if (!userId) return { kind: "invalid" };
  if (userId === TEST_RECIPIENT_ID) return { kind: "test" };
  const user = await findUserById(userId);
  if (!user) return { kind: "invalid" };
  return { kind: "user", userId: user.id, email: user.email, locale: user.locale, subscribed: user.emailUnsubscribedAt === null };
}

/** Applies the choice; "invalid" for a token this server did not make (or whose user is gone). */
export async function setSubscriptionByToken(token: string | null | undefined, subscribed: boolean): Promise<"done" | "test" | "invalid"> {
  const subject = await tokenSubject(token);
  if (subject.kind !== "user") return subject.kind;
  return (await setSubscribed(subject.userId, subscribed)) ? "done" : "invalid";
}
