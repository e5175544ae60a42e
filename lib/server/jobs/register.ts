import "server-only";
import { registerJobHandler, startJobRunner } from "./runner";
import { prewarmParseWorkers } from "@/lib/server/ingest/parse-in-worker";
import { ingestDocument } from "@/lib/server/services/ingest-document";
import { INGEST_JOB } from "@/lib/server/services/upload-document";

// Every job type the product runs, registered in one place.
export function registerJobs() {
  registerJobHandler(INGEST_JOB, async (payload) => ingestDocument(String(payload.documentId)));
}

export function startBackgroundWork() {
  registerJobs();
  prewarmParseWorkers();
  startJobRunner();
}
