import "server-only";
import { readAudience, type Audience } from "@/lib/schemas/email";
import { recipientCounts, sentWithin, type Campaign, type RecipientCounts } from "@/lib/server/queries/email-campaigns";
import type { Recipient } from "@/lib/server/queries/email-recipients";

// Campaigns and recipients as the e-mail screens receive them.

export interface CampaignDraftView {
  id: string;
  subject: string;
  bodyMarkdown: string;
  audience: Audience;
  ratePerMinute: number;
  status: Campaign["status"];
  scheduledAt: string | null;
  lastError: string | null;
  updatedAt: string;
}

export function draftView(c: Campaign): CampaignDraftView {
  return {
    id: c.id,
    subject: c.subject,
    bodyMarkdown: c.bodyMarkdown,
    audience: readAudience(c.audience),
    ratePerMinute: c.ratePerMinute,
    status: c.status,
    scheduledAt: c.scheduledAt?.toISOString() ?? null,
    lastError: c.lastError,
    updatedAt: c.updatedAt.toISOString(),
  };
}

export interface CampaignProgressView {
  id: string;
  subject: string;
  status: Campaign["status"];
  ratePerMinute: number;
  totalCount: number;
  counts: RecipientCounts;
  /** Messages a minute over the last minute (or since the start, when sooner). */
  currentRate: number;
  /** Seconds until the last queued recipient is sent at the current pace; null when unknown or nothing is left. */
  etaSeconds: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

const RATE_WINDOW_MS = 60_000;

export async function progressViews(campaigns: Campaign[], now = Date.now()): Promise<CampaignProgressView[]> {
  const ids = campaigns.map((c) => c.id);
  const [counts, recent] = await Promise.all([recipientCounts(ids), sentWithin(ids, RATE_WINDOW_MS)]);
  return campaigns.map((c) => {
    const count = counts.get(c.id)!;
    const window = Math.min(RATE_WINDOW_MS, Math.max(1_000, now - (c.startedAt?.getTime() ?? now)));
    const currentRate = c.status === "sending" ? Math.round(((recent.get(c.id) ?? 0) * 60_000) / window) : 0;
    const left = count.queued + count.sending;
    const pace = currentRate > 0 ? currentRate : c.ratePerMinute;
    const etaSeconds = c.status === "sending" && left > 0 && pace > 0 ? Math.ceil((left / pace) * 60) : null;
    return {
      id: c.id,
      subject: c.subject,
      status: c.status,
      ratePerMinute: c.ratePerMinute,
      totalCount: c.totalCount,
      counts: count,
      currentRate,
      etaSeconds,
      lastError: c.lastError,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      startedAt: c.startedAt?.toISOString() ?? null,
      finishedAt: c.finishedAt?.toISOString() ?? null,
    };
  });
}

export interface RecipientView {
  id: number;
  email: string;
  status: Recipient["status"];
  attempts: number;
  error: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

/** GET /api/email/campaigns/{id}: the campaign's content and its progress. */
export type CampaignDetail = CampaignDraftView & { progress: CampaignProgressView };

/** GET /api/email/campaigns/{id}/recipients: a page of them and how many match. */
export interface RecipientPage {
  recipients: RecipientView[];
  total: number;
}

export function recipientView(r: Recipient): RecipientView {
  return {
    id: r.id,
    email: r.email,
    status: r.status,
    attempts: r.attempts,
    error: r.error,
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.status === "queued" && r.error ? r.nextAttemptAt.toISOString() : null,
  };
}

/** POST /api/email/campaigns/{id}/send now: how many recipients it was written for. */
export interface CampaignStart {
  total: number;
}

/** POST /api/email/campaigns/{id}/send with a time: when it will start. */
export interface CampaignSchedule {
  scheduledAt: string;
}

/** POST /api/email/campaigns/{id}/actions: how many failed recipients a retry queued again. */
export interface CampaignActionResult {
  requeued?: number;
}
