import { ApiError } from "@/lib/fetcher";

/** How long one file may wait for room in the processing queue before its upload is given up. */
export const QUEUE_WAIT_MAX_MS = 15 * 60_000;

/**
 * The seconds the server asked to wait when it refused an upload because the account's (or the
 * network's) files still waiting to be processed reached the cap; null for any other failure.
 */
export function queueWaitSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const details = error.details as { reason?: unknown; retryAfterSeconds?: unknown } | undefined;
  if (typeof details?.reason !== "string" || !details.reason.startsWith("ingest_queue_full")) return null;
  return typeof details.retryAfterSeconds === "number" && details.retryAfterSeconds > 0 ? details.retryAfterSeconds : 30;
}

/**
 * Runs `attempt` (one file's upload) again each time the queue was full, after the wait the server
 * asked for, so a folder of files dropped at once is sent whole, at the pace processing allows.
 * Any other failure, or waiting past `maxWaitMs`, is thrown as it came.
 */
export async function uploadWhenQueueHasRoom<T>(
  attempt: () => Promise<T>,
  options: { onWait?: (seconds: number | null) => void; sleep?: (ms: number) => Promise<void>; now?: () => number; maxWaitMs?: number } = {},
): Promise<T> {
  const { onWait, sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)), now = Date.now, maxWaitMs = QUEUE_WAIT_MAX_MS } = options;
  const started = now();
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const seconds = queueWaitSeconds(error);
      if (seconds === null || now() - started + seconds * 1000 > maxWaitMs) throw error;
      onWait?.(seconds);
      await sleep(seconds * 1000);
      onWait?.(null);
    }
  }
}
