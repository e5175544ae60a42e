import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";

// Whether a user gets campaigns: unsubscribing (a link in any campaign, or /account) stamps
// users.email_unsubscribed_at, which every later claim of a recipient checks.

export async function isSubscribed(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ at: users.emailUnsubscribedAt }).from(users).where(eq(users.id, userId));
  return row ? row.at === null : false;
}

/** Sets the preference; returns the account's address, or undefined when there is no such user. */
export async function setSubscribed(userId: string, subscribed: boolean): Promise<{ email: string } | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(users)
    // The first unsubscription's time is kept when it is repeated (a second click, a one-click POST).
    .set({ emailUnsubscribedAt: subscribed ? null : sql`coalesce(${users.emailUnsubscribedAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row;
}

/** The language the user last signed in with: campaigns, and the unsubscribe page, speak it. */
export async function rememberLocale(userId: string, locale: string): Promise<void> {
  const db = await getDb();
  await db.update(users).set({ locale }).where(and(eq(users.id, userId), sql`${users.locale} IS DISTINCT FROM ${locale}`));
}

// The weekly insights digest is a choice of its own (users.insights_digest_stopped_at): stopping
// it leaves campaigns as they are, and the other way round.

export async function wantsInsightsDigest(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ at: users.insightsDigestStoppedAt }).from(users).where(eq(users.id, userId));
  return row ? row.at === null : false;
}

/** Sets the digest preference; returns the account's address, or undefined when there is no such user. */
export async function setInsightsDigest(userId: string, wanted: boolean): Promise<{ email: string } | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set({ insightsDigestStoppedAt: wanted ? null : sql`coalesce(${users.insightsDigestStoppedAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row;
}
