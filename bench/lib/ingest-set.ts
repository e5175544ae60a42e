import type { EvalDoc, EvalSet } from "./eval-set";

/** What is uploaded for a document of the set: by default its text as a .txt file. */
export type UploadOf = (doc: EvalDoc) => Promise<{ name: string; bytes: Uint8Array }>;
const asText: UploadOf = async (doc) => ({ name: doc.file, bytes: new TextEncoder().encode(doc.text) });

/**
 * Uploads every document of an eval set for `owner` through the product's real pipeline (upload,
 * parsing worker, chunking, tokenising, the database) and waits until all are processed. The
 * caller has opened the database (lib/server modules are imported here, after DATA_DIR is set).
 */
export async function ingestEvalSet(owner: { id: string }, set: EvalSet, uploadOf: UploadOf = asText): Promise<{ seconds: number; notProcessed: number }> {
  const { uploadDocument } = await import("@/lib/server/use-cases/upload-document");
  const { registerJobs } = await import("@/lib/server/jobs/register");
  const { drainJobs } = await import("@/lib/server/jobs/runner");
  const { listDocuments } = await import("@/lib/server/queries/documents");
  const { findUserById } = await import("@/lib/server/queries/users");
  registerJobs();
  const user = (await findUserById(owner.id))!;
  const started = performance.now();
  const { INGEST_QUEUE_CAPS } = await import("@/lib/server/policies/ingest-queue-caps");
  // In batches no larger than one account's queue may hold, each processed before the next is sent.
  const batch = INGEST_QUEUE_CAPS.perOwner;
  for (let i = 0; i < set.docs.length; i += batch) {
    for (const doc of set.docs.slice(i, i + batch)) await uploadDocument({ user, ...(await uploadOf(doc)) });
    await drainJobs(batch + 10);
  }
  const seconds = (performance.now() - started) / 1000;
  const notProcessed = (await listDocuments(owner.id)).filter((d) => d.status !== "processed").length;
  return { seconds, notProcessed };
}
