import "server-only";
import { registerJobHandler, startJobRunner, stopJobRunner, workerId } from "./runner";
import { parseCapacity, prewarmParseWorkers } from "@/lib/server/ingest/parse-in-worker";
import { ingestDocument } from "@/lib/server/use-cases/ingest-document";
import { markDocumentError } from "@/lib/server/queries/documents";
import { INGEST_JOB } from "@/lib/server/use-cases/upload-document";
import { REINDEX_TERMS_JOB, reindexTerms, scheduleTermsReindexIfStale } from "@/lib/server/use-cases/reindex-terms";
import { log } from "@/lib/server/log";
import { prewarmRetrieval } from "@/lib/server/use-cases/retrieve-passages";
import { pauseWithError } from "@/lib/server/queries/email-campaigns";
import { expireClaimsOfStoppedProcess } from "@/lib/server/queries/email-recipients";
import { ACCOUNT_MAIL_JOB, sendAccountMail } from "@/lib/server/use-cases/account-mail";
import { sendCampaignBatch } from "@/lib/server/use-cases/send-campaign-batch";
import { COLLECT_ORPHANS_JOB, collectOrphanFiles } from "@/lib/server/use-cases/collect-orphan-files";
import { deleteOldResetTokens } from "@/lib/server/queries/password-resets";
import { registerDaily, startDaily } from "./daily";

// Expired forgot-password links are of no use to anyone: kept a day past their end, then gone.
const PURGE_RESET_TOKENS_JOB = "purge-reset-tokens";
const DELETE_EXPIRED_CONVERSATIONS_JOB = "delete-expired-conversations";
const DAILY_JOBS = [COLLECT_ORPHANS_JOB, PURGE_RESET_TOKENS_JOB, DELETE_EXPIRED_CONVERSATIONS_JOB, INSIGHTS_DIGEST_JOB];
import { EMAIL_SEND_JOB, EMAIL_START_JOB, runScheduledStart } from "@/lib/server/use-cases/start-campaign";
import { deleteExpiredConversations } from "@/lib/server/use-cases/keep-conversations";
import { INSIGHTS_DIGEST_JOB, INSIGHTS_DIGEST_MAIL_JOB, INSIGHTS_DIGEST_WEEK_JOB, queueDigestMails, queueInsightsDigest, sendDigestMail } from "@/lib/server/use-cases/insights-digest";

// Every job type the product runs, registered in one place.
export function registerJobs() {
  registerJobHandler(INGEST_JOB, async (payload) => ingestDocument(String(payload.documentId)), {
    // Every attempt failed for a reason other than the file itself: say so rather than leave the
    // document "processing" for ever.
    onGiveUp: async (payload) => {
      await markDocumentError(String(payload.documentId), "processing_failed");
    },
  });
  registerJobHandler(REINDEX_TERMS_JOB, async (payload) => reindexTerms(Number(payload.version)));
  registerJobHandler(
    EMAIL_SEND_JOB,
    async (payload) => sendCampaignBatch({ campaignId: String(payload.campaignId), worker: `${workerId()}/lane${Number(payload.lane)}` }),
    {
      // Its sender kept dying (or the database kept failing): stop, say so, and let an admin resume.
      onGiveUp: async (payload) => pauseWithError(String(payload.campaignId), "crashed"),
      releaseStopped: expireClaimsOfStoppedProcess,
    },
  );
  registerJobHandler(EMAIL_START_JOB, async (payload) => runScheduledStart(payload));
  registerJobHandler(ACCOUNT_MAIL_JOB, async (payload) => sendAccountMail(payload));
  registerDaily(COLLECT_ORPHANS_JOB, () => collectOrphanFiles());
  registerDaily(PURGE_RESET_TOKENS_JOB, () => deleteOldResetTokens());
  registerDaily(DELETE_EXPIRED_CONVERSATIONS_JOB, () => deleteExpiredConversations());
  registerDaily(INSIGHTS_DIGEST_JOB, () => queueInsightsDigest());
  registerJobHandler(INSIGHTS_DIGEST_WEEK_JOB, async (payload) => queueDigestMails(payload));
  registerJobHandler(INSIGHTS_DIGEST_MAIL_JOB, async (payload) => sendDigestMail(payload));
}

export function startBackgroundWork() {
  registerJobs();
  prewarmParseWorkers();
  void scheduleTermsReindexIfStale().catch((error) => log.error("could not check the index version", { error }));
  startDaily(DAILY_JOBS);
  startJobRunner({ concurrency: parseCapacity().slots });
  // The custom server (scripts/server.ts) lives outside the app bundle; it finds this on shutdown.
  (globalThis as { __jobsShutdown?: () => Promise<void> }).__jobsShutdown = () => stopJobRunner();
  void prewarmRetrieval().catch((error) => log.warn("could not preload retrieval indexes", { error }));
}
