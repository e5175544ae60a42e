import "server-only";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/server/db/client";
import { emailCampaigns, emailRecipients } from "@/lib/server/db/schema";
import type { EmailCampaignStatus, EmailRecipientStatus } from "@/lib/constants";
import type { Audience, CampaignDraft } from "@/lib/schemas/email";
import { writeRecipients } from "./email-audience";

export type Campaign = typeof emailCampaigns.$inferSelect;

export type RecipientCounts = Record<EmailRecipientStatus, number>;
const NO_COUNTS: RecipientCounts = { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };

export async function createCampaign(input: Partial<CampaignDraft> & { createdById: string }): Promise<Campaign> {
  const db = await getDb();
  const [row] = await db
    .insert(emailCampaigns)
    .values({
      createdById: input.createdById,
      subject: input.subject ?? "",
      bodyMarkdown: input.bodyMarkdown ?? "",
      audience: (input.audience ?? {}) as Record<string, unknown>,
      ratePerMinute: input.ratePerMinute,
    })
    .returning();
  return row;
}

export async function findCampaign(id: string): Promise<Campaign | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
  return row;
}

/** Campaigns, newest first: drafts (and scheduled ones) for the compose screen, or the others. */
export async function listCampaigns(kind: "drafts" | "sent" | "all"): Promise<Campaign[]> {
  const db = await getDb();
  const where =
    kind === "drafts"
      ? inArray(emailCampaigns.status, ["draft", "scheduled"])
      : kind === "sent"
        ? and(ne(emailCampaigns.status, "draft"), ne(emailCampaigns.status, "scheduled"))
        : undefined;
  return db.select().from(emailCampaigns).where(where).orderBy(desc(emailCampaigns.updatedAt)).limit(500);
}

/** Saves a draft's fields; undefined when the campaign is no longer a draft (or is gone). */
export async function updateDraft(id: string, draft: CampaignDraft): Promise<Campaign | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(emailCampaigns)
    .set({ ...draft, audience: draft.audience as Record<string, unknown>, lastError: null, updatedAt: new Date() })
    .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "draft")))
    .returning();
  return row;
}

export async function deleteDraft(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(emailCampaigns)
    .where(and(eq(emailCampaigns.id, id), inArray(emailCampaigns.status, ["draft", "cancelled", "done"])))
    .returning({ id: emailCampaigns.id });
  return rows.length > 0;
}

/** A draft set to start at `at`; returns the generation its start job must carry. */
export async function scheduleDraft(id: string, at: Date): Promise<number | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(emailCampaigns)
    .set({ status: "scheduled", scheduledAt: at, generation: sql`${emailCampaigns.generation} + 1`, lastError: null, updatedAt: new Date() })
    .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "draft")))
    .returning({ generation: emailCampaigns.generation });
  return row?.generation;
}

/** A scheduled campaign back to a draft; its pending start job then finds itself stale. */
export async function unschedule(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(emailCampaigns)
    .set({ status: "draft", scheduledAt: null, generation: sql`${emailCampaigns.generation} + 1`, updatedAt: new Date() })
    .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "scheduled")))
    .returning({ id: emailCampaigns.id });
  return rows.length > 0;
}

/**
 * Starts a draft (or a scheduled campaign whose start this is): in one transaction, the recipients
 * are written as the audience is now and the campaign becomes "sending", or "paused" with
 * `pausedBecause` when it cannot send yet (a scheduled start that found no mail server). Returns
 * the new generation, or undefined when the campaign was not in a state to start (already
 * started, or the scheduled start was withdrawn since).
 */
export async function startCampaignSending(
  id: string,
  options: { scheduledGeneration?: number; pausedBecause?: string } = {},
): Promise<{ generation: number; total: number } | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).for("update");
    if (!campaign) return undefined;
    const startable =
      options.scheduledGeneration === undefined
        ? campaign.status === "draft"
        : campaign.status === "scheduled" && campaign.generation === options.scheduledGeneration;
    if (!startable) return undefined;
    await writeRecipients(tx as unknown as Db, id, campaign.audience as unknown as Audience);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(emailRecipients).where(eq(emailRecipients.campaignId, id));
    const [row] = await tx
      .update(emailCampaigns)
      .set({
        status: options.pausedBecause ? "paused" : "sending",
        totalCount: Number(n),
        generation: sql`${emailCampaigns.generation} + 1`,
        startedAt: new Date(),
        scheduledAt: null,
        nextSendAt: null,
        lastError: options.pausedBecause ?? null,
        updatedAt: new Date(),
      })
      .where(eq(emailCampaigns.id, id))
      .returning({ generation: emailCampaigns.generation });
    return { generation: row.generation, total: Number(n) };
  });
}

type Transition = { from: EmailCampaignStatus[]; to: EmailCampaignStatus; bumpGeneration: boolean };
export const TRANSITIONS = {
  pause: { from: ["sending"], to: "paused", bumpGeneration: false },
  resume: { from: ["paused"], to: "sending", bumpGeneration: true },
  cancel: { from: ["sending", "paused"], to: "cancelled", bumpGeneration: true },
} satisfies Record<string, Transition>;

/** Moves a campaign along a transition; returns the campaign after it, or undefined when not allowed now. */
export async function transitionCampaign(id: string, name: keyof typeof TRANSITIONS): Promise<Campaign | undefined> {
  const transition: Transition = TRANSITIONS[name];
  const db = await getDb();
  const [row] = await db
    .update(emailCampaigns)
    .set({
      status: transition.to,
      updatedAt: new Date(),
      lastError: null,
      ...(transition.bumpGeneration ? { generation: sql`${emailCampaigns.generation} + 1` } : {}),
      ...(transition.to === "cancelled" ? { finishedAt: new Date() } : {}),
    })
    .where(and(eq(emailCampaigns.id, id), inArray(emailCampaigns.status, transition.from)))
    .returning();
  return row;
}

/**
 * Failed recipients queued again with fresh attempts, and the campaign sending again (from done,
 * paused or still sending). Returns the campaign and how many were queued, or undefined.
 */
export async function retryFailedRecipients(id: string): Promise<{ campaign: Campaign; requeued: number } | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).for("update");
    if (!campaign || !["sending", "paused", "done"].includes(campaign.status)) return undefined;
    const requeued = await tx
      .update(emailRecipients)
      .set({ status: "queued", attempts: 0, error: null, nextAttemptAt: sql`now()`, claimedBy: null, claimExpiresAt: null, updatedAt: new Date() })
      .where(and(eq(emailRecipients.campaignId, id), eq(emailRecipients.status, "failed")))
      .returning({ id: emailRecipients.id });
    if (requeued.length === 0) return { campaign, requeued: 0 };
    const [row] = await tx
      .update(emailCampaigns)
      .set({ status: "sending", finishedAt: null, lastError: null, generation: sql`${emailCampaigns.generation} + 1`, updatedAt: new Date() })
      .where(eq(emailCampaigns.id, id))
      .returning();
    return { campaign: row, requeued: requeued.length };
  });
}

/** Marks a sending campaign done once nobody is queued or being sent to; true when this call did. */
export async function finishIfComplete(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(emailCampaigns)
    .set({ status: "done", finishedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(emailCampaigns.id, id),
        eq(emailCampaigns.status, "sending"),
        sql`NOT EXISTS (SELECT 1 FROM email_recipients r WHERE r.campaign_id = ${id} AND r.status IN ('queued', 'sending'))`,
      ),
    )
    .returning({ id: emailCampaigns.id });
  return rows.length > 0;
}

/** Stops a campaign that cannot go on by itself (no mail server, repeated crashes), saying why. */
export async function pauseWithError(id: string, reason: string): Promise<void> {
  const db = await getDb();
  await db
    .update(emailCampaigns)
    .set({ status: "paused", lastError: reason, updatedAt: new Date() })
    .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "sending")));
}

/**
 * Reserves `count` consecutive send slots `spacingMs` apart for a throttled campaign, shared by
 * every instance: returns when the first may be sent. An idle campaign starts from `nowMs` (no
 * burst is saved up). `nowMs` is the sender's clock, so a test can run the throttle on its own.
 */
export async function reserveSendSlots(id: string, count: number, spacingMs: number, nowMs: number): Promise<number> {
  const db = await getDb();
  const now = new Date(nowMs).toISOString();
  const result = await db.execute(sql`
    UPDATE email_campaigns
    SET next_send_at = GREATEST(coalesce(next_send_at, ${now}::timestamptz), ${now}::timestamptz) + (${count * spacingMs} * interval '1 millisecond')
    WHERE id = ${id}
    RETURNING (extract(epoch from next_send_at) * 1000)::float8 AS next_ms`);
  const nextMs = Number((result as unknown as { rows: { next_ms: number | string }[] }).rows[0].next_ms);
  return nextMs - count * spacingMs;
}

export async function recipientCounts(ids: string[]): Promise<Map<string, RecipientCounts>> {
  const out = new Map<string, RecipientCounts>(ids.map((id) => [id, { ...NO_COUNTS }]));
  if (ids.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ campaignId: emailRecipients.campaignId, status: emailRecipients.status, n: sql<number>`count(*)::int` })
    .from(emailRecipients)
    .where(inArray(emailRecipients.campaignId, ids))
    .groupBy(emailRecipients.campaignId, emailRecipients.status);
  for (const row of rows) out.get(row.campaignId)![row.status] = Number(row.n);
  return out;
}

/** Messages a campaign had accepted by the server within the last `windowMs`, for the rate shown. */
export async function sentWithin(ids: string[], windowMs: number): Promise<Map<string, number>> {
  const out = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ campaignId: emailRecipients.campaignId, n: sql<number>`count(*)::int` })
    .from(emailRecipients)
    .where(
      and(
        inArray(emailRecipients.campaignId, ids),
        sql`${emailRecipients.sentAt} > now() - (${windowMs} * interval '1 millisecond')`,
      ),
    )
    .groupBy(emailRecipients.campaignId);
  for (const row of rows) out.set(row.campaignId, Number(row.n));
  return out;
}
