import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { allowNextIntlOnReactServer } from "./eval-set";

// The ingestion benchmarks' server in one process: an in-memory database, the job runner and an
// admin who uploads, so a file goes from upload to "processed" through the real pipeline. Set up
// before the server's modules load (they read DATA_DIR and LOG_LEVEL once).
export async function startIngestPipeline(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = "silent";
  // The job registry reaches the mail jobs' translations (next-intl), which need React's client build.
  allowNextIntlOnReactServer();

  const { openDatabase, setDatabase } = await import("@/lib/server/db/client");
  const { createUser } = await import("@/lib/server/queries/users");
  const { findDocumentForJob } = await import("@/lib/server/queries/documents");
  const { uploadDocument } = await import("@/lib/server/use-cases/upload-document");
  const { registerJobs } = await import("@/lib/server/jobs/register");
  const { drainJobs } = await import("@/lib/server/jobs/runner");
  const { parseInWorker, prewarmParseWorkers } = await import("@/lib/server/ingest/parse-in-worker");

  const handle = await openDatabase({ memory: true });
  setDatabase(handle);
  registerJobs();
  const owner = (await createUser({ email: "bench@example.com", displayName: "Bench", role: "admin" }))!;

  /** Upload to the end of processing: its time and what the document row says then. */
  async function pipeline(bytes: Uint8Array, name: string) {
    const started = performance.now();
    const { document } = await uploadDocument({ user: owner, name, bytes });
    await drainJobs(5);
    const seconds = (performance.now() - started) / 1000;
    const row = await findDocumentForJob(document.id);
    return { seconds, status: row?.status, pages: row?.pageCount ?? 0, chunks: row?.chunkCount ?? 0 };
  }

  async function close() {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { pipeline, parseInWorker, prewarmParseWorkers, close };
}
