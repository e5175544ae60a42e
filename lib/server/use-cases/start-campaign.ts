import "server-only";
import { campaignReadySchema, readAudience } from "@/lib/schemas/email";
import { AppError } from "@/lib/server/errors";
import { enqueueJob } from "@/lib/server/queries/jobs";
import { pokeJobRunner } from "@/lib/server/jobs/runner";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { findCampaign, scheduleDraft, startCampaignSending, type Campaign } from "@/lib/server/queries/email-campaigns";
import { EMAIL_LANES } from "./send-campaign-batch";
import type { CampaignStart } from "@/lib/server/present/email-campaign";

// Starting a campaign: now (recipients written at once, sending jobs queued) or at a set time (a
// job that starts it then, unless it was withdrawn meanwhile).

export const EMAIL_SEND_JOB = "email-send";
export const EMAIL_START_JOB = "email-start";
/** A sending job's crashes before it gives up (and the campaign pauses saying so). */
const SEND_JOB_MAX_ATTEMPTS = 20;

/** Queues this round's sending jobs, one per lane, named by the campaign's generation. */
export async function enqueueSendingRound(campaignId: string, generation: number): Promise<void> {
  for (let lane = 0; lane < EMAIL_LANES; lane++) {
    await enqueueJob({
      type: EMAIL_SEND_JOB,
      payload: { campaignId, lane },
      dedupeKey: `email-send:${campaignId}:${generation}:${lane}`,
      // One owner for the campaign: an instance keeps a job loop free for other work (documents).
      ownerKey: `email:${campaignId}`,
      maxAttempts: SEND_JOB_MAX_ATTEMPTS,
    });
  }
  pokeJobRunner();
}

/** Refuses to go on without a mail server, saying what to set. */
export async function requireMailServer(): Promise<void> {
  if (!(await getMailSetup()).server) throw new AppError("conflict", { messageKey: "email.errors.noMailServer" });
}

function requireReady(campaign: Campaign) {
  // Throws a ZodError: the route answers 400 with each field's message key.
  campaignReadySchema.parse({ subject: campaign.subject, bodyMarkdown: campaign.bodyMarkdown, audience: readAudience(campaign.audience), ratePerMinute: campaign.ratePerMinute });
}

export async function startCampaignNow(id: string): Promise<CampaignStart> {
  const campaign = await findCampaign(id);
  if (!campaign) throw new AppError("not_found");
  requireReady(campaign);
  await requireMailServer();
  const started = await startCampaignSending(id);
  if (!started) throw new AppError("conflict", { messageKey: "email.errors.notDraft" });
  await enqueueSendingRound(id, started.generation);
  return { total: started.total };
}

export async function scheduleCampaign(id: string, at: Date): Promise<void> {
  const campaign = await findCampaign(id);
  if (!campaign) throw new AppError("not_found");
  requireReady(campaign);
  await requireMailServer();
  const generation = await scheduleDraft(id, at);
  if (generation === undefined) throw new AppError("conflict", { messageKey: "email.errors.notDraft" });
  await enqueueJob({ type: EMAIL_START_JOB, payload: { campaignId: id, generation }, dedupeKey: `email-start:${id}:${generation}`, runAt: at, maxAttempts: 5 });
}

/**
 * The scheduled start (job "email-start"): starts the campaign unless it was withdrawn since. With
 * no mail server at that time it starts paused, saying why: the recipients are those of the
 * scheduled time, it is on the progress screen like any started campaign, and it sends once an
 * admin sets a server and resumes it.
 */
export async function runScheduledStart(payload: Record<string, unknown>): Promise<void> {
  const campaignId = String(payload.campaignId);
  const generation = Number(payload.generation);
  const server = (await getMailSetup()).server;
  const started = await startCampaignSending(campaignId, { scheduledGeneration: generation, pausedBecause: server ? undefined : "no_mail_server" });
  if (started && server) await enqueueSendingRound(campaignId, started.generation);
}
