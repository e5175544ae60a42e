import "server-only";
import { enqueueJob } from "@/lib/server/queries/jobs";
import { log } from "@/lib/server/log";
import { registerJobHandler } from "./runner";

// Housekeeping that runs once a day as a durable job, on whichever instance claims it: each run
// queues the next day's, and the day in its dedupe key keeps several instances from queuing two.

const DAY_MS = 24 * 60 * 60 * 1000;
// The first run waits a while after a start: the first minutes belong to the users' work.
const FIRST_RUN_DELAY_MS = 10 * 60_000;

/** Queues `type` for the day of `runAt`, unless that day's is queued already. */
export async function scheduleDaily(type: string, runAt: Date): Promise<void> {
  const day = runAt.toISOString().slice(0, 10);
  await enqueueJob({ type, payload: {}, dedupeKey: `${type}:${day}`, runAt });
}

/** Registers a daily job: `work`, then tomorrow's run. */
export function registerDaily(type: string, work: () => Promise<unknown>): void {
  registerJobHandler(type, async () => {
    await work();
    await scheduleDaily(type, new Date(Date.now() + DAY_MS));
  });
}

/** Queues each daily job's first run after a start (a no-op for those already queued today). */
export function startDaily(types: readonly string[]): void {
  for (const type of types) void scheduleDaily(type, new Date(Date.now() + FIRST_RUN_DELAY_MS)).catch((error) => log.warn("could not schedule a daily job", { type, error }));
}
