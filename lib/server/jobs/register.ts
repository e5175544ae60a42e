import "server-only";
import { registerJobHandler, startJobRunner } from "./runner";
import { prewarmParseWorkers } from "@/lib/server/ingest/parse-in-worker";
import { ingestDocument } from "@/lib/server/services/ingest-document";
import { INGEST_JOB } from "@/lib/server/services/upload-document";
import { REINDEX_TERMS_JOB, reindexTerms, scheduleTermsReindexIfStale } from "@/lib/server/services/reindex-terms";
import { log } from "@/lib/server/log";
import { prewarmRetrieval } from "@/lib/server/services/retrieve-passages";

// Every job type the product runs, registered in one place.
export function registerJobs() {
  registerJobHandler(INGEST_JOB, async (payload) => ingestDocument(String(payload.documentId)));
  registerJobHandler(REINDEX_TERMS_JOB, async (payload) => reindexTerms(Number(payload.version)));
}

export function startBackgroundWork() {
  registerJobs();
  prewarmParseWorkers();
  void scheduleTermsReindexIfStale().catch((error) => log.error("could not check the index version", { error }));
  startJobRunner();
  void prewarmRetrieval().catch((error) => log.warn("could not preload retrieval indexes", { error }));
}
