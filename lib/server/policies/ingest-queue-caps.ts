import "server-only";

/**
 * How many files may wait (or be processing) at once for one account and for one client address.
 * Past either, an upload is refused for a while rather than queued: accounts opened for the purpose
 * cannot bury the queue, and every owner's turn comes round soon (lib/server/queries/jobs.ts#claimJob).
 */
export const INGEST_QUEUE_CAPS = { perOwner: 20, perAddress: 40 } as const;

/** Seconds a refused uploader is asked to wait: about one long file's processing. */
export const INGEST_QUEUE_RETRY_SECONDS = 30;

export type IngestQueueRefusal = { limit: number; reason: "owner" | "address" } | null;

export function ingestQueueRefusal(unfinished: { owner: number; client: number }, caps = INGEST_QUEUE_CAPS): IngestQueueRefusal {
  if (unfinished.owner >= caps.perOwner) return { limit: caps.perOwner, reason: "owner" };
  if (unfinished.client >= caps.perAddress) return { limit: caps.perAddress, reason: "address" };
  return null;
}

/** A client address the queue can count by: the server's placeholder for "none known" is not one. */
export function queueClientKey(address: string | undefined): string | undefined {
  return address && address !== "unknown" ? address : undefined;
}
