// Where an owner's documents stand, as the workspace's hint tells it: the hint must match the
// documents (a chat started over with nine documents ready should not say to upload first).

export type DocumentsState = "none" | "processing" | "ready" | "failed";

export type DocumentStatusCounts = Record<"processing" | "processed" | "error", number>;

/** Ready once any document can be asked about; else processing while any is; else failed if all failed. */
export function documentsState(counts: DocumentStatusCounts): DocumentsState {
  if (counts.processed > 0) return "ready";
  if (counts.processing > 0) return "processing";
  if (counts.error > 0) return "failed";
  return "none";
}

export function countStatuses(documents: readonly { status: keyof DocumentStatusCounts }[]): DocumentStatusCounts {
  const counts: DocumentStatusCounts = { processing: 0, processed: 0, error: 0 };
  for (const doc of documents) counts[doc.status]++;
  return counts;
}
