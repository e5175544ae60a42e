import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/lib/server/db/client";
import type { Audience } from "@/lib/schemas/email";

// Who a campaign's audience is, as one SQL condition over `users u`, used both to count the
// audience on the compose screen and to write the recipients when the campaign starts.
//
// The plan criterion is the SQL form of effectivePlan (lib/server/policies/effective-plan.ts):
// admins are in no plan; a supporter grant holds until its supporter_until (none: for good); then a
// trial ending in the future; else free. A lapsed grant reads as trial or free at once, as there.

function planCondition(plan: NonNullable<Audience["plan"]>): SQL {
  const supporter = sql`u.plan = 'supporter' AND (u.supporter_until IS NULL OR u.supporter_until > now())`;
  const onTrial = sql`u.trial_ends_at IS NOT NULL AND u.trial_ends_at > now()`;
  const notAdmin = sql`u.role <> 'admin'`;
  switch (plan) {
    case "supporter":
      return sql`(${notAdmin} AND ${supporter})`;
    case "trial":
      return sql`(${notAdmin} AND NOT (${supporter}) AND ${onTrial})`;
    case "free":
      return sql`(${notAdmin} AND NOT (${supporter}) AND NOT (${onTrial}))`;
  }
}

/** The audience as a condition on `users u`. Disabled accounts are never written to. */
export function audienceCondition(audience: Audience): SQL {
  const parts: SQL[] = [sql`u.disabled = false`];
  if (audience.role) parts.push(sql`u.role = ${audience.role}`);
  if (audience.plan) parts.push(planCondition(audience.plan));
  if (audience.signedUpWithinDays) parts.push(sql`u.created_at >= now() - make_interval(days => ${audience.signedUpWithinDays}::int)`);
  // Never signed in counts from the day the account was made.
  if (audience.inactiveForDays) parts.push(sql`coalesce(u.last_login_at, u.created_at) < now() - make_interval(days => ${audience.inactiveForDays}::int)`);
  return sql.join(parts, sql` AND `);
}

export interface AudienceCount {
  /** Everyone the campaign would be written for. */
  total: number;
  /** Of them, those who unsubscribed: written as skipped, never sent to. */
  unsubscribed: number;
}

export async function countAudience(audience: Audience): Promise<AudienceCount> {
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT count(*)::int AS total, count(u.email_unsubscribed_at)::int AS unsubscribed
    FROM users u WHERE ${audienceCondition(audience)}`);
  const row = (result as unknown as { rows: { total: number | string; unsubscribed: number | string }[] }).rows[0];
  return { total: Number(row.total), unsubscribed: Number(row.unsubscribed) };
}

/**
 * Writes the campaign's recipients as the audience is now (inside the transaction that starts
 * it): queued, or skipped when unsubscribed.
 */
export async function writeRecipients(tx: Db, campaignId: string, audience: Audience): Promise<void> {
  await tx.execute(sql`
    INSERT INTO email_recipients (campaign_id, user_id, email, locale, status, error)
    SELECT ${campaignId}, u.id, u.email, coalesce(u.locale, 'zh-TW'),
      CASE WHEN u.email_unsubscribed_at IS NULL THEN 'queued' ELSE 'skipped' END,
      CASE WHEN u.email_unsubscribed_at IS NULL THEN NULL ELSE 'unsubscribed' END
    FROM users u WHERE ${audienceCondition(audience)}
    ORDER BY u.created_at, u.id
    ON CONFLICT (campaign_id, email) DO NOTHING`);
}
