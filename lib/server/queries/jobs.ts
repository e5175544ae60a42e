import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDatabase, getDb, type Db } from "@/lib/server/db/client";
import { jobs } from "@/lib/server/db/schema";

// Durable background work in the database. Any instance may claim a job; a claim is a lease
// that expires, so work held by a process that died (kill -9) is picked up again.

export type Job = typeof jobs.$inferSelect;

export const JOB_LEASE_MS = 20_000;

export async function enqueueJob(
  input: {
    type: string;
    payload: Record<string, unknown>;
    dedupeKey?: string;
    maxAttempts?: number;
    ownerKey?: string;
    clientKey?: string;
    runAt?: Date;
  },
  db?: Db,
): Promise<void> {
  const target = db ?? (await getDb());
  await target
    .insert(jobs)
    .values({
      type: input.type,
      payload: input.payload,
      dedupeKey: input.dedupeKey ?? null,
      maxAttempts: input.maxAttempts ?? 3,
      ownerKey: input.ownerKey ?? null,
      clientKey: input.clientKey ?? null,
      ...(input.runAt ? { runAt: input.runAt } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** Jobs of this type waiting or running for one owner and for one client address (the queue caps count them). */
export async function countUnfinishedJobs(type: string, keys: { ownerKey: string; clientKey?: string }): Promise<{ owner: number; client: number }> {
  const db = await getDb();
  const rows = await db.execute(sql`
    SELECT
      count(*) FILTER (WHERE owner_key = ${keys.ownerKey}) AS owner,
      count(*) FILTER (WHERE ${keys.clientKey ?? null}::text IS NOT NULL AND client_key = ${keys.clientKey ?? null}::text) AS client
    FROM jobs
    WHERE type = ${type} AND status IN ('queued', 'running')
      AND (owner_key = ${keys.ownerKey} OR client_key = ${keys.clientKey ?? null}::text)`);
  const row = (rows as unknown as { rows: { owner: number | string; client: number | string }[] }).rows[0];
  return { owner: Number(row?.owner ?? 0), client: Number(row?.client ?? 0) };
}

/**
 * Claims the next runnable job of the given types: queued and due, or running with an expired
 * lease and attempts left. The slots are shared round-robin between owners: jobs whose owner and
 * client address have nothing running (on any instance) come first, and among those the owner
 * served longest ago (or never) goes first, so an owner's next file waits behind every other
 * owner's turn however long ago it was queued; the oldest job breaks ties. With
 * `onlyIdleOwners`, only jobs whose owner and address have nothing running are taken (a runner
 * keeps its last free slot for them), so accounts opened from one address hold one slot between
 * them and a newcomer's small file starts at once.
 */
export async function claimJob(types: readonly string[], workerId: string, options: { onlyIdleOwners?: boolean } = {}): Promise<Job | undefined> {
  const db = await getDb();
  const typeList = sql.join(types.map((t) => sql`${t}`), sql`, `);
  const running = sql`r.status = 'running' AND r.locked_until >= now()`;
  const ownerBusy = sql`EXISTS (SELECT 1 FROM jobs r WHERE r.owner_key = j.owner_key AND ${running})`;
  const clientBusy = sql`EXISTS (SELECT 1 FROM jobs r WHERE r.client_key = j.client_key AND ${running})`;
  const ownerLastTurn = sql`(SELECT max(r.started_at) FROM jobs r WHERE r.owner_key = j.owner_key)`;
  const rows = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_by = ${workerId},
      locked_until = now() + (${JOB_LEASE_MS} * interval '1 millisecond'),
      attempts = attempts + 1, started_at = clock_timestamp(), updated_at = now()
    WHERE id = (
      SELECT j.id FROM jobs j
      WHERE j.type IN (${typeList})
        AND ((j.status = 'queued' AND j.run_at <= now()) OR (j.status = 'running' AND j.locked_until < now() AND j.attempts < j.max_attempts))
        ${options.onlyIdleOwners ? sql`AND NOT ${ownerBusy} AND NOT ${clientBusy}` : sql``}
      ORDER BY (${ownerBusy} OR ${clientBusy}), ${ownerLastTurn} NULLS FIRST, j.run_at, j.created_at
      FOR UPDATE OF j SKIP LOCKED
      LIMIT 1
    )
    RETURNING id`);
  const id = (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!id) return undefined;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job;
}

/**
 * Ends, as failed, the jobs whose process died during their last attempt (a lease that ran out
 * with no attempts left): a job that takes its server down is not run into the same death for
 * ever. Returns them, so each job type can settle what it was working on.
 */
export async function reapAbandonedJobs(types: readonly string[]): Promise<Pick<Job, "id" | "type" | "payload">[]> {
  const db = await getDb();
  const typeList = sql.join(types.map((t) => sql`${t}`), sql`, `);
  const rows = await db.execute(sql`
    UPDATE jobs SET status = 'failed', locked_by = NULL, locked_until = NULL, updated_at = now(),
      last_error = 'the process running it stopped during its last attempt'
    WHERE id IN (
      SELECT id FROM jobs
      WHERE type IN (${typeList}) AND status = 'running' AND locked_until < now() AND attempts >= max_attempts
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, type, payload`);
  return (rows as unknown as { rows: Pick<Job, "id" | "type" | "payload">[] }).rows;
}

/**
 * The embedded database belongs to one process at a time (its directory is locked), so a job
 * still marked running when this process starts was left by one that died (kill -9): its lease is
 * ended now rather than 20 s later, and it is claimed again at once (a document its process had
 * finished is then only marked done). On PostgreSQL other instances may be running their jobs,
 * and leases are left to run out. Returns how many were released.
 */
export async function releaseLeasesOfStoppedProcess(workerId: string): Promise<number> {
  const handle = await getDatabase();
  if (handle.kind !== "pglite") return 0;
  const rows = await handle.db.execute(sql`
    UPDATE jobs SET locked_until = now() - interval '1 second', updated_at = now()
    WHERE status = 'running' AND locked_until >= now() AND locked_by IS DISTINCT FROM ${workerId}
    RETURNING id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/** Extends the lease while a job is still being worked on; false when another worker took it over. */
export async function renewLease(jobId: string, workerId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + (${JOB_LEASE_MS} * interval '1 millisecond')` })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function completeJob(jobId: string, workerId: string) {
  const db = await getDb();
  await db
    .update(jobs)
    .set({ status: "done", lockedBy: null, lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
}

/**
 * Ends this run of a job that has more to do later (a campaign sending in slices): queued again
 * for `runAt`, with its attempts counted afresh, since this run ended well.
 */
export async function rescheduleJob(jobId: string, workerId: string, runAt: Date) {
  const db = await getDb();
  await db
    .update(jobs)
    .set({ status: "queued", runAt, attempts: 0, lockedBy: null, lockedUntil: null, lastError: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
}

/** Records a failure: retried later with backoff while attempts remain, else failed for good. */
export async function failJob(job: Job, workerId: string, error: string): Promise<"retry" | "failed"> {
  const db = await getDb();
  const finalFailure = job.attempts >= job.maxAttempts;
  const backoffMs = Math.min(60_000, 2_000 * 2 ** job.attempts);
  await db
    .update(jobs)
    .set({
      status: finalFailure ? "failed" : "queued",
      lastError: error.slice(0, 2_000),
      lockedBy: null,
      lockedUntil: null,
      runAt: finalFailure ? undefined : new Date(Date.now() + backoffMs),
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
  return finalFailure ? "failed" : "retry";
}
