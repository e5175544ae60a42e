import "server-only";
import { randomUUID } from "node:crypto";
import { EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_BASE_MS, EMAIL_RETRY_MAX_MS } from "@/lib/constants";
import { jobRunnerStopping } from "@/lib/server/jobs/runner";
import { log } from "@/lib/server/log";
import { campaignMailer } from "@/lib/server/mail/campaign-mail";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { classifySendError, sendRawMail, SMTP_MAX_CONNECTIONS, type RawMail, type SendResult } from "@/lib/server/mail/transport";
import type { MailServer } from "@/lib/server/mail/mail-settings";
import { findCampaign, finishIfComplete, pauseWithError, reserveSendSlots, type Campaign } from "@/lib/server/queries/email-campaigns";
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
const UNTHROTTLED_BATCH = 100;
/** "Sent" is written for this many messages together, or after this long, whichever comes first. */
export const SENT_WRITE_BATCH = 16;
export const SENT_WRITE_DELAY_MS = 20;
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
export type Deliver = (server: MailServer, mail: RawMail) => Promise<SendResult>;

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

type Batch =
  | { kind: "send"; campaign: Campaign; server: MailServer; spacing: number; recipients: Sendable[] }
  /** Nothing due now. */
  | { kind: "empty" }
  /** The throttle's next slot is further off than a slice should wait. */
  | { kind: "later"; at: Date }
  /** Not sending any more (paused, cancelled, done, gone, or no mail server). */
  | { kind: "stop" };

type Sendable = ClaimedRecipient & { userId: string };

/** Runs one slice; returns when the job should run again, or nothing when this round is over. */
export async function sendCampaignBatch(input: SliceInput): Promise<{ runAgainAt?: Date }> {
  const clock = input.clock ?? realClock;
  const deliver = input.deliver ?? sendRawMail;
  const campaignId = input.campaignId;
  const claimer = `${input.worker}/${randomUUID().slice(0, 8)}`;
  const deadline = clock.now() + (input.sliceMs ?? SLICE_MS);
  const heartbeat = setInterval(() => {
    void renewClaims({ campaignId, claimer, leaseMs: CLAIM_LEASE_MS }).catch((error) => log.warn("could not renew e-mail claims", { error }));
  }, HEARTBEAT_MS);
  const sent = new SentRecorder(claimer);
  let serverDownUntil: number | null = null;
  let mailer: ReturnType<typeof campaignMailer> | undefined;
  // A shutting-down server finishes the batch in hand and stops, so nothing is left claimed.
  const timeLeft = () => clock.now() < deadline && !jobRunnerStopping();

  async function claimBatch(): Promise<Batch> {
    const campaign = await findCampaign(campaignId);
    if (!campaign || campaign.status !== "sending") return { kind: "stop" };
    const setup = await getMailSetup();
    if (!setup.server) {
      await pauseWithError(campaign.id, "no_mail_server");
      return { kind: "stop" };
    }
    await requeueExpiredClaims(campaign.id, EMAIL_MAX_ATTEMPTS);
    const spacing = campaign.ratePerMinute > 0 ? 60_000 / campaign.ratePerMinute : 0;
    if (spacing && campaign.nextSendAt && campaign.nextSendAt.getTime() - clock.now() > MAX_SLOT_WAIT_MS) {
      return { kind: "later", at: new Date(campaign.nextSendAt.getTime() - MAX_SLOT_WAIT_MS / 2) };
    }
    const limit = spacing ? Math.max(1, Math.min(UNTHROTTLED_BATCH, Math.floor(THROTTLED_WINDOW_MS / spacing))) : UNTHROTTLED_BATCH;
    const claimed = await claimRecipients({ campaignId, claimer, limit, leaseMs: CLAIM_LEASE_MS });
    if (claimed.length === 0) return { kind: "empty" };
    const recipients = claimed.filter((r): r is Sendable => r.status === "sending" && r.userId !== null);
    return { kind: "send", campaign, server: setup.server, spacing, recipients };
  }

  let pending: Promise<Batch> | null = claimBatch();
  let prefetched = false;
  try {
    while (pending) {
      const batch: Batch = await pending;
      pending = null;
      if (batch.kind === "stop") return {};
      if (batch.kind === "later") return { runAgainAt: batch.at };
      if (batch.kind === "empty") break;
      // Claimed while the previous batch was being sent: paused or cancelled since, it is given back.
      if (prefetched && (await findCampaign(campaignId))?.status !== "sending") {
        await releaseClaims(batch.recipients.map((r) => r.id), claimer);
        return {};
      }
      prefetched = false;
      const more = timeLeft();
      // Without a throttle, the next batch is claimed while this one is sent.
      if (more && !batch.spacing) {
        pending = claimBatch();
        prefetched = true;
      }
      if (batch.recipients.length > 0) {
        mailer ??= campaignMailer(batch.campaign, batch.server.from);
        const firstSlot = batch.spacing ? await reserveSendSlots(campaignId, batch.recipients.length, batch.spacing, clock.now()) : 0;
        const outcome = await sendAll(batch.recipients, {
          server: batch.server,
          claimer,
          clock,
          deliver,
          sent,
          messageFor: mailer,
          slotOf: batch.spacing ? (i) => firstSlot + i * batch.spacing : () => 0,
        });
        if (outcome.serverDownUntil !== null) {
          serverDownUntil = outcome.serverDownUntil;
          break;
        }
      }
      if (more && !pending && timeLeft()) pending = claimBatch();
    }
  } finally {
    clearInterval(heartbeat);
    // What was claimed ahead and will not be sent in this slice goes back at once.
    const left = pending ? await (pending as Promise<Batch>).catch(() => null) : null;
    if (left?.kind === "send") await releaseClaims(left.recipients.map((r) => r.id), claimer);
    await sent.flush();
  }

  if (await finishIfComplete(campaignId)) return {};
  const campaign = await findCampaign(campaignId);
  if (!campaign || campaign.status !== "sending") return {};
  if (serverDownUntil !== null) return { runAgainAt: new Date(serverDownUntil) };
  const next = await nextRecipientWork(campaignId);
  const candidates = [next.queuedDueAt?.getTime(), next.claimEndsAt?.getTime()].filter((t): t is number => t !== undefined);
  if (candidates.length === 0) return {};
  // Never sooner than the throttle's next slot, and never a busy loop over claims held elsewhere.
  const at = Math.max(Math.min(...candidates), campaign.nextSendAt ? campaign.nextSendAt.getTime() - MAX_SLOT_WAIT_MS / 2 : 0);
  return { runAgainAt: new Date(Math.max(at, clock.now())) };
}

/**
 * Records "sent" for the messages the server accepted, a few at a time in one statement (one
 * write per message costs more than the sending itself on the embedded database). The crash
 * window is this wait: at most SENT_WRITE_BATCH messages or SENT_WRITE_DELAY_MS per sender.
 */
class SentRecorder {
  private ids: number[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing = new Set<Promise<void>>();

  constructor(private readonly claimer: string) {}

  add(id: number) {
    this.ids.push(id);
    if (this.ids.length >= SENT_WRITE_BATCH) void this.write();
    else this.timer ??= setTimeout(() => void this.write(), SENT_WRITE_DELAY_MS);
  }

  private write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.ids.splice(0);
    if (ids.length === 0) return Promise.resolve();
    const done = markSent(ids, this.claimer).then(
      (written) => {
        if (written < ids.length) log.warn("e-mail claims ran out while their messages were being sent; they may be sent twice", { lost: ids.length - written });
      },
      (error) => log.error("could not record sent e-mail; those recipients are sent again after their lease", { error, count: ids.length }),
    );
    this.writing.add(done);
    void done.finally(() => this.writing.delete(done));
    return done;
  }

  /** Everything recorded so far is written (and every write in flight has ended). */
  async flush(): Promise<void> {
    await this.write();
    await Promise.all([...this.writing]);
  }
}

interface SendAllOptions {
  server: MailServer;
  claimer: string;
  clock: Clock;
  deliver: Deliver;
  sent: SentRecorder;
  messageFor: (recipient: { id: number; userId: string; email: string; locale: string }) => Promise<RawMail>;
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
      // The window: the server has the message; until its "sent" is written, a crash leaves the
      // recipient claimed, and after its lease it is sent again (at-least-once).
      options.sent.add(recipient.id);
    }
  }

  await Promise.all(Array.from({ length: Math.min(SMTP_MAX_CONNECTIONS, recipients.length) }, worker));
  await releaseClaims(untried, options.claimer);
  return { serverDownUntil };
}
