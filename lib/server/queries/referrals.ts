import "server-only";
import { and, count, eq, gte, isNull, or } from "drizzle-orm";
import { getDb, type Db } from "@/lib/server/db/client";
import { documents, messages, referrals } from "@/lib/server/db/schema";

export type ReferralRow = typeof referrals.$inferSelect;

export async function findReferralByInvitee(db: Db, inviteeId: string): Promise<ReferralRow | undefined> {
  const [row] = await db.select().from(referrals).where(eq(referrals.inviteeId, inviteeId));
  return row;
}

/** Records a referral; undefined when the invitee already has one (the unique index decides). */
export async function insertReferral(
  db: Db,
  input: { inviterId: string; inviteeId: string; code: string; trialDays: number },
): Promise<ReferralRow | undefined> {
  const [row] = await db.insert(referrals).values(input).onConflictDoNothing({ target: referrals.inviteeId }).returning();
  return row;
}

/** How many people signed up with the user's code. */
export async function countInvitedBy(inviterId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(referrals).where(eq(referrals.inviterId, inviterId));
  return Number(row.n);
}

/** The invitee's referral whose inviter has not yet been given their days, locked for this transaction. */
export async function lockUnrewardedReferral(db: Db, inviteeId: string): Promise<ReferralRow | undefined> {
  const [row] = await db
    .select()
    .from(referrals)
    .where(and(eq(referrals.inviteeId, inviteeId), isNull(referrals.inviterRewardedAt)))
    .for("update");
  return row;
}

/** How many of the inviter's referrals gave them days since `since`. */
export async function countInviterRewardsSince(db: Db, inviterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.inviterId, inviterId), gte(referrals.inviterRewardedAt, since)));
  return Number(row.n);
}

export async function markInviterRewarded(db: Db, referralId: string, at: Date): Promise<void> {
  await db.update(referrals).set({ inviterRewardedAt: at }).where(eq(referrals.id, referralId));
}

/** Whether the user has at least one processed document: they have really used the product. */
/**
 * Whether someone has really used the product: a document of theirs processed, or a question they
 * asked (in their own chat, or signed in on a share). Where workspaces are not open to everyone, an
 * invitee can only do the second.
 */
export async function hasUsedProduct(db: Db, userId: string): Promise<boolean> {
  const [document] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.status, "processed")))
    .limit(1);
  if (document) return true;
  const [question] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.role, "user"), or(and(eq(messages.ownerId, userId), isNull(messages.sharedAssistantId)), eq(messages.registeredUserId, userId))))
    .limit(1);
  return question !== undefined;
}
