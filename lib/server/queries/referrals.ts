import "server-only";
import { count, eq } from "drizzle-orm";
import { getDb, type Db } from "@/lib/server/db/client";
import { referrals } from "@/lib/server/db/schema";

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
