import "server-only";

/**
 * How many files may wait (or be processing) at once for one account and for one client address.
 * Past either, an upload is refused for a while rather than queued, so accounts opened for the
 * purpose cannot bury the queue; turns are shared between owners whatever their queue's length
 * (lib/server/queries/jobs.ts#claimJob). A person dropping a folder of files on the library stays
 * under it, and the library waits and sends the rest when it is refused (components/files/use-uploads.ts).
 */
export const INGEST_QUEUE_CAPS = { perOwner: 100, perAddress: 200 } as const;

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
