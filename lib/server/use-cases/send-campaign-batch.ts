import "server-only";
import { randomUUID } from "node:crypto";
import { EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_BASE_MS, EMAIL_RETRY_MAX_MS } from "@/lib/constants";
import { jobRunnerStopping } from "@/lib/server/jobs/runner";
import { log } from "@/lib/server/log";
import { campaignMailer } from "@/lib/server/mail/campaign-mail";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { classifySendError, sendMail, SMTP_MAX_CONNECTIONS, type OutgoingMail, type SendResult } from "@/lib/server/mail/transport";
import type { MailServer } from "@/lib/server/mail/mail-settings";
import { findCampaign, finishIfComplete, pauseWithError, reserveSendSlots } from "@/lib/server/queries/email-campaigns";
import {
  claimRecipients,
  markFailed,
  markSent,
  nextRecipientWork,
  releaseClaims,
  renewClaims,
  requeueExpiredClaims,
  retryLater,
  type ClaimedRecipient,
} from "@/lib/server/queries/email-recipients";

// One slice of a campaign's sending, run as a durable job ("email-send") by any instance: claim
// due recipients, hand each message to the mail server within the campaign's throttle, record
// each outcome, and return when to run again. Slices are short, so a long campaign never holds a
// job loop for long and any instance can take over after each one.

/** Sending jobs started per campaign round: instances run them side by side. */
export const EMAIL_LANES = 2;
/** How long one slice sends before it hands its job back. */
export const SLICE_MS = 15_000;
/** A claim not renewed for this long belonged to a sender that died; it is then queued again. */
export const CLAIM_LEASE_MS = 30_000;
const HEARTBEAT_MS = 5_000;
/** Recipients claimed at once without a throttle. */
const UNTHROTTLED_BATCH = 50;
/** With a throttle, recipients are claimed for at most this much sending time ahead. */
const THROTTLED_WINDOW_MS = 5_000;
/** With the next slot further off than this, the slice ends and the job comes back for it. */
const MAX_SLOT_WAIT_MS = 3_000;

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** Hands one message to the mail server (the real transport, or a test's). */
export type Deliver = (server: MailServer, mail: OutgoingMail) => Promise<SendResult>;

export interface SliceInput {
  campaignId: string;
  /** Names this sender in the claims it takes (process, lane). */
  worker: string;
  clock?: Clock;
  deliver?: Deliver;
  sliceMs?: number;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(EMAIL_RETRY_MAX_MS, EMAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Runs one slice; returns when the job should run again, or nothing when this round is over. */
export async function sendCampaignBatch(input: SliceInput): Promise<{ runAgainAt?: Date }> {
  const clock = input.clock ?? realClock;
  const deliver = input.deliver ?? sendMail;
  const claimer = `${input.worker}/${randomUUID().slice(0, 8)}`;
  const deadline = clock.now() + (input.sliceMs ?? SLICE_MS);
  const heartbeat = setInterval(() => {
    void renewClaims({ campaignId: input.campaignId, claimer, leaseMs: CLAIM_LEASE_MS }).catch((error) => log.warn("could not renew e-mail claims", { error }));
  }, HEARTBEAT_MS);
  let serverDownUntil: number | null = null;
  let mailer: ReturnType<typeof campaignMailer> | undefined;

  try {
    // A shutting-down server finishes the batch in hand and stops, so nothing is left claimed.
    while (clock.now() < deadline && !jobRunnerStopping()) {
      const campaign = await findCampaign(input.campaignId);
      if (!campaign || campaign.status !== "sending") return {};
      const setup = await getMailSetup();
      if (!setup.server) {
        await pauseWithError(campaign.id, "no_mail_server");
        return {};
      }
      await requeueExpiredClaims(campaign.id, EMAIL_MAX_ATTEMPTS);

      const spacing = campaign.ratePerMinute > 0 ? 60_000 / campaign.ratePerMinute : 0;
      if (spacing && campaign.nextSendAt && campaign.nextSendAt.getTime() - clock.now() > MAX_SLOT_WAIT_MS) {
        return { runAgainAt: new Date(campaign.nextSendAt.getTime() - MAX_SLOT_WAIT_MS / 2) };
      }
      const limit = spacing ? Math.max(1, Math.min(UNTHROTTLED_BATCH, Math.floor(THROTTLED_WINDOW_MS / spacing))) : UNTHROTTLED_BATCH;
      const claimed = await claimRecipients({ campaignId: campaign.id, claimer, limit, leaseMs: CLAIM_LEASE_MS });
      if (claimed.length === 0) break;
      const toSend = claimed.filter((r): r is ClaimedRecipient & { userId: string } => r.status === "sending" && r.userId !== null);
      if (toSend.length === 0) continue;

      mailer ??= campaignMailer(campaign);
      const firstSlot = spacing ? await reserveSendSlots(campaign.id, toSend.length, spacing, clock.now()) : 0;
      const outcome = await sendAll(toSend, {
        server: setup.server,
        claimer,
        clock,
        deliver,
        messageFor: mailer,
        slotOf: spacing ? (i) => firstSlot + i * spacing : () => 0,
      });
      if (outcome.serverDownUntil !== null) {
        serverDownUntil = outcome.serverDownUntil;
        break;
      }
    }
  } finally {
    clearInterval(heartbeat);
  }

  if (await finishIfComplete(input.campaignId)) return {};
  const campaign = await findCampaign(input.campaignId);
  if (!campaign || campaign.status !== "sending") return {};
  if (serverDownUntil !== null) return { runAgainAt: new Date(serverDownUntil) };
  const next = await nextRecipientWork(input.campaignId);
  const candidates = [next.queuedDueAt?.getTime(), next.claimEndsAt?.getTime()].filter((t): t is number => t !== undefined);
  if (candidates.length === 0) return {};
  // Never sooner than the throttle's next slot, and never a busy loop over claims held elsewhere.
  const at = Math.max(Math.min(...candidates), campaign.nextSendAt ? campaign.nextSendAt.getTime() - MAX_SLOT_WAIT_MS / 2 : 0);
  return { runAgainAt: new Date(Math.max(at, clock.now())) };
}

interface SendAllOptions {
  server: MailServer;
  claimer: string;
  clock: Clock;
  deliver: Deliver;
  messageFor: (recipient: { id: number; userId: string; email: string; locale: string }) => Promise<OutgoingMail>;
  slotOf: (index: number) => number;
}

/**
 * Sends to the claimed recipients, as many at once as the pool has connections, each no sooner
 * than its slot. When the server cannot be reached, what was not yet tried is released and the
 * slice stops; the answer then says until when to wait.
 */
async function sendAll(recipients: (ClaimedRecipient & { userId: string })[], options: SendAllOptions): Promise<{ serverDownUntil: number | null }> {
  let next = 0;
  let serverDownUntil: number | null = null;
  const untried: number[] = [];

  async function worker() {
    for (;;) {
      const index = next++;
      if (index >= recipients.length) return;
      const recipient = recipients[index];
      if (serverDownUntil !== null) {
        untried.push(recipient.id);
        continue;
      }
      const wait = options.slotOf(index) - options.clock.now();
      if (wait > 0) await options.clock.sleep(wait);
      try {
        await options.deliver(options.server, await options.messageFor(recipient));
      } catch (error) {
        const failure = classifySendError(error);
        if (failure.kind === "permanent" || recipient.attempts >= EMAIL_MAX_ATTEMPTS) {
          await markFailed(recipient.id, options.claimer, failure.message);
        } else {
          const delay = retryDelayMs(recipient.attempts);
          await retryLater(recipient.id, options.claimer, delay, failure.message);
          if (failure.serverDown) serverDownUntil = Math.min(serverDownUntil ?? Infinity, options.clock.now() + delay);
        }
        continue;
      }
      // The window: the server has the message; until this write commits, a crash leaves the
      // recipient claimed, and after its lease it is sent again (at-least-once).
      if (!(await markSent(recipient.id, options.claimer))) {
        log.warn("an e-mail claim ran out while its message was being sent; it may be sent twice", { recipientId: recipient.id });
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(SMTP_MAX_CONNECTIONS, recipients.length) }, worker));
  await releaseClaims(untried, options.claimer);
  return { serverDownUntil };
}
