import "server-only";
import { and, asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import { getDatabase, getDb } from "@/lib/server/db/client";
import { emailRecipients } from "@/lib/server/db/schema";
import type { EmailRecipientStatus } from "@/lib/constants";

// Each recipient of a campaign is claimed by one sender at a time: the claim is a row lock taken
// with FOR UPDATE SKIP LOCKED, written as status "sending" with the claimer's name and a lease that
// the claimer renews while it works. A claimer writes the outcome only while it still holds the
// claim. A lease that ran out means the claimer died (kill -9, power loss): the recipient is queued
// again, which is the at-least-once side of the one unavoidable window (README, e-mail).

export type Recipient = typeof emailRecipients.$inferSelect;

export interface ClaimedRecipient {
  id: number;
  userId: string | null;
  email: string;
  locale: string;
  /** "sending": to be sent now; "skipped": found unsubscribed, disabled or deleted at the claim. */
  status: "sending" | "skipped";
  attempts: number;
}

interface RawClaim {
  id: number | string;
  user_id: string | null;
  email: string;
  locale: string;
  status: "sending" | "skipped";
  attempts: number | string;
}

/**
 * Claims up to `limit` due recipients of a campaign, in order. A recipient who unsubscribed (or
 * whose account was disabled or deleted) since the campaign started is skipped at the claim, so
 * an unsubscription is honoured even mid-campaign.
 */
export async function claimRecipients(input: { campaignId: string; claimer: string; limit: number; leaseMs: number }): Promise<ClaimedRecipient[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    WITH picked AS (
      SELECT r.id, CASE
          WHEN r.user_id IS NULL THEN 'deleted'
          WHEN u.disabled THEN 'disabled'
          WHEN u.email_unsubscribed_at IS NOT NULL THEN 'unsubscribed'
        END AS skip_reason
      FROM email_recipients r LEFT JOIN users u ON u.id = r.user_id
      WHERE r.campaign_id = ${input.campaignId} AND r.status = 'queued' AND r.next_attempt_at <= now()
      ORDER BY r.id
      LIMIT ${input.limit}
      FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE email_recipients r SET
      status = CASE WHEN picked.skip_reason IS NULL THEN 'sending' ELSE 'skipped' END,
      error = picked.skip_reason,
      attempts = r.attempts + CASE WHEN picked.skip_reason IS NULL THEN 1 ELSE 0 END,
      claimed_by = ${input.claimer},
      claim_expires_at = CASE WHEN picked.skip_reason IS NULL THEN now() + (${input.leaseMs} * interval '1 millisecond') END,
      updated_at = now()
    FROM picked WHERE r.id = picked.id
    RETURNING r.id, r.user_id, r.email, r.locale, r.status, r.attempts`);
  return (result as unknown as { rows: RawClaim[] }).rows
    .map((r) => ({ id: Number(r.id), userId: r.user_id, email: r.email, locale: r.locale, status: r.status, attempts: Number(r.attempts) }))
    .sort((a, b) => a.id - b.id);
}

/** Keeps this claimer's claims alive while it works on them. */
export async function renewClaims(input: { campaignId: string; claimer: string; leaseMs: number }): Promise<void> {
  const db = await getDb();
  await db
    .update(emailRecipients)
    .set({ claimExpiresAt: sql`now() + (${input.leaseMs} * interval '1 millisecond')` })
    .where(and(eq(emailRecipients.campaignId, input.campaignId), eq(emailRecipients.claimedBy, input.claimer), eq(emailRecipients.status, "sending")));
}

const held = (id: number, claimer: string) => and(eq(emailRecipients.id, id), eq(emailRecipients.claimedBy, claimer), eq(emailRecipients.status, "sending"));

/**
 * The server accepted these messages. Returns how many were still this claimer's to record (a claim
 * lost meanwhile belongs to someone else, who will send again).
 */
export async function markSent(ids: number[], claimer: string): Promise<number> {
  if (ids.length === 0) return 0;
  const db = await getDb();
  const rows = await db
    .update(emailRecipients)
    .set({ status: "sent", sentAt: sql`now()`, error: null, claimExpiresAt: null, updatedAt: sql`now()` })
    .where(and(inArray(emailRecipients.id, ids), eq(emailRecipients.claimedBy, claimer), eq(emailRecipients.status, "sending")))
    .returning({ id: emailRecipients.id });
  return rows.length;
}

export async function markFailed(id: number, claimer: string, error: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(emailRecipients)
    .set({ status: "failed", error: error.slice(0, 1_000), claimExpiresAt: null, updatedAt: sql`now()` })
    .where(held(id, claimer))
    .returning({ id: emailRecipients.id });
  return rows.length > 0;
}

/** A temporary failure: queued again for after `delayMs`, the reply kept so the screen can show it. */
export async function retryLater(id: number, claimer: string, delayMs: number, error: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(emailRecipients)
    .set({
      status: "queued",
      error: error.slice(0, 1_000),
      nextAttemptAt: sql`now() + (${delayMs} * interval '1 millisecond')`,
      claimedBy: null,
      claimExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(held(id, claimer))
    .returning({ id: emailRecipients.id });
  return rows.length > 0;
}

/** Claimed but never tried (the sender stopped early): queued again, the attempt not counted. */
export async function releaseClaims(ids: number[], claimer: string): Promise<void> {
  if (ids.length === 0) return;
  const db = await getDb();
  await db.execute(sql`
    UPDATE email_recipients SET status = 'queued', attempts = attempts - 1, claimed_by = NULL, claim_expires_at = NULL, updated_at = now()
    WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND claimed_by = ${claimer} AND status = 'sending'`);
}

/**
 * Claims whose lease ran out (their sender died): queued again, at once. A recipient whose
 * attempts are used up this way fails instead, so a message that kills its sender every time is
 * not tried for ever. Returns how many were queued again.
 */
export async function requeueExpiredClaims(campaignId: string, maxAttempts: number): Promise<number> {
  const db = await getDb();
  const result = await db.execute(sql`
    UPDATE email_recipients SET
      status = CASE WHEN attempts >= ${maxAttempts} THEN 'failed' ELSE 'queued' END,
      error = CASE WHEN attempts >= ${maxAttempts} THEN 'interrupted: the sending process stopped during every attempt' ELSE error END,
      claimed_by = NULL, claim_expires_at = NULL, next_attempt_at = now(), updated_at = now()
    WHERE id IN (
      SELECT id FROM email_recipients
      WHERE campaign_id = ${campaignId} AND status = 'sending' AND claim_expires_at < now()
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * On the embedded database, which one process holds at a time, a recipient still claimed when this
 * process starts was claimed by one that died (kill -9): the claim's lease is ended now, so the
 * next slice queues it again at once instead of 30 s later (counting the attempt, as a lease that
 * ran out does). A process names its claims `<workerId>/<lane>`. On PostgreSQL another instance
 * may be sending, and leases are left to run out. Returns how many claims were ended.
 */
export async function expireClaimsOfStoppedProcess(workerId: string): Promise<number> {
  const handle = await getDatabase();
  if (handle.kind !== "pglite") return 0;
  const rows = await handle.db.execute(sql`
    UPDATE email_recipients SET claim_expires_at = now() - interval '1 second', updated_at = now()
    WHERE status = 'sending' AND claim_expires_at >= now() AND claimed_by NOT LIKE ${`${workerId}/%`}
    RETURNING id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/** When there will next be something to do: the earliest retry due, or the earliest live claim's end. */
export async function nextRecipientWork(campaignId: string): Promise<{ queuedDueAt: Date | null; claimEndsAt: Date | null }> {
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT
      (SELECT (extract(epoch from min(next_attempt_at)) * 1000)::float8 FROM email_recipients WHERE campaign_id = ${campaignId} AND status = 'queued') AS queued_ms,
      (SELECT (extract(epoch from min(claim_expires_at)) * 1000)::float8 FROM email_recipients WHERE campaign_id = ${campaignId} AND status = 'sending') AS claim_ms`);
  const row = (result as unknown as { rows: { queued_ms: number | string | null; claim_ms: number | string | null }[] }).rows[0];
  return {
    queuedDueAt: row.queued_ms === null ? null : new Date(Number(row.queued_ms)),
    claimEndsAt: row.claim_ms === null ? null : new Date(Number(row.claim_ms)),
  };
}

export async function listRecipients(input: { campaignId: string; status?: EmailRecipientStatus; search?: string; limit: number; offset: number }) {
  const db = await getDb();
  const filters = [eq(emailRecipients.campaignId, input.campaignId)];
  if (input.status) filters.push(eq(emailRecipients.status, input.status));
  if (input.search) filters.push(ilike(emailRecipients.email, `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db.select().from(emailRecipients).where(where).orderBy(asc(emailRecipients.id)).limit(input.limit).offset(input.offset),
    db.select({ n: count() }).from(emailRecipients).where(where),
  ]);
  return { recipients: rows, total: Number(total.n) };
}
