import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/lib/server/log";
import { claimJob, completeJob, failJob, reapAbandonedJobs, releaseLeasesOfStoppedProcess, renewLease, rescheduleJob, JOB_LEASE_MS, type Job } from "@/lib/server/queries/jobs";

// Runs durable jobs inside each app instance. Jobs are claimed from the database, so any number
// of instances share the work and each job runs once at a time; a job whose instance died is
// claimed again when its lease runs out.

/** A handler that returns `runAgainAt` has more to do: its job is queued again for then. */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void | { runAgainAt?: Date }>;

interface Registration {
  run: JobHandler;
  /** Called once a job has failed its last attempt, so what it was working on is not left hanging. */
  onGiveUp?: (payload: Record<string, unknown>) => Promise<void>;
  /**
   * Called as this process's runner starts, with its worker id: ends what a stopped process held
   * for this job type beyond the job itself (a campaign's claimed recipients). Returns how many.
   */
  releaseStopped?: (ownWorkerId: string) => Promise<number>;
}

const handlers = new Map<string, Registration>();
const WORKER_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** This process's name in claims (jobs, campaign recipients): its pid and a random part. */
export function workerId(): string {
  return WORKER_ID;
}
const IDLE_POLL_MS = 2_000;
const DEFAULT_CONCURRENCY = 2;

export function registerJobHandler(type: string, run: JobHandler, options: Omit<Registration, "run"> = {}) {
  handlers.set(type, { run, ...options });
}

/** Jobs, and what their handlers held, that an earlier process died holding. */
async function releaseWhatStoppedProcessesHeld(): Promise<number> {
  let released = await releaseLeasesOfStoppedProcess(WORKER_ID);
  for (const { releaseStopped } of handlers.values()) if (releaseStopped) released += await releaseStopped(WORKER_ID);
  return released;
}

async function runJob(job: Job): Promise<void> {
  const registration = handlers.get(job.type);
  if (!registration) return;
  const heartbeat = setInterval(() => void renewLease(job.id, WORKER_ID).catch(() => undefined), JOB_LEASE_MS / 4);
  try {
    const outcome = await registration.run(job.payload);
    if (outcome?.runAgainAt) await rescheduleJob(job.id, WORKER_ID, outcome.runAgainAt);
    else await completeJob(job.id, WORKER_ID);
  } catch (error) {
    const outcome = await failJob(job, WORKER_ID, error instanceof Error ? error.message : String(error));
    log.error("job failed", { jobId: job.id, type: job.type, attempt: job.attempts, outcome, error });
    if (outcome === "failed") await registration.onGiveUp?.(job.payload).catch((e) => log.error("job give-up handler failed", { jobId: job.id, error: e }));
  } finally {
    clearInterval(heartbeat);
  }
}

/** Settles the jobs whose process died during their last attempt (see reapAbandonedJobs). */
async function reapAbandoned(): Promise<void> {
  for (const job of await reapAbandonedJobs([...handlers.keys()])) {
    log.error("job abandoned: its process stopped during the last attempt", { jobId: job.id, type: job.type });
    await handlers
      .get(job.type)
      ?.onGiveUp?.(job.payload)
      .catch((e) => log.error("job give-up handler failed", { jobId: job.id, error: e }));
  }
}

/**
 * Runs every runnable job until none is left (tests use it to process work deterministically).
 * In the runner's loops, the last free loop takes only jobs whose owner and client address have
 * nothing running (lib/server/queries/jobs.ts#claimJob).
 */
export async function drainJobs(limit = 1_000): Promise<number> {
  let ran = 0;
  await reapAbandoned();
  while (ran < limit && !state.stopping) {
    const concurrency = state.concurrency ?? 1;
    const onlyIdleOwners = concurrency > 1 && (state.busy ?? 0) >= concurrency - 1;
    // Counted busy before the claim, so two loops never both think they hold the last slot.
    state.busy = (state.busy ?? 0) + 1;
    try {
      const job = await claimJob([...handlers.keys()], WORKER_ID, { onlyIdleOwners });
      if (!job) break;
      await runJob(job);
      ran++;
    } finally {
      state.busy--;
    }
  }
  return ran;
}

interface RunnerState {
  started: boolean;
  /** One for each loop waiting for work. */
  wakers?: Set<() => void>;
  stopping?: boolean;
  running?: Set<Promise<void>>;
  /** Loops started, and how many of them are claiming or running a job right now. */
  concurrency?: number;
  busy?: number;
}

const state = (globalThis as unknown as { __jobRunner?: RunnerState }).__jobRunner ?? { started: false };
(globalThis as unknown as { __jobRunner?: RunnerState }).__jobRunner = state;
const wakers = (state.wakers ??= new Set());

async function loop() {
  while (!state.stopping) {
    let ran = 0;
    try {
      const pass = drainJobs(50);
      const tracked = pass.then(() => undefined, () => undefined);
      (state.running ??= new Set()).add(tracked);
      try {
        ran = await pass;
      } finally {
        state.running.delete(tracked);
      }
    } catch (error) {
      log.error("job runner error", { error });
    }
    if (ran === 0) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, IDLE_POLL_MS);
        wakers.add(wake);
      });
    }
  }
}

/**
 * Stops claiming jobs and waits (at most `timeoutMs`) for the ones running to finish, so a normal
 * shutdown does not leave a finished job marked running until its lease expires.
 */
export async function stopJobRunner(timeoutMs = 10_000): Promise<void> {
  state.stopping = true;
  for (const wake of [...wakers]) wake();
  const running = [...(state.running ?? [])];
  if (running.length === 0) return;
  await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}

/**
 * Starts this process's job loops once: as many as jobs may run at once (the ingestion budget's
 * parse slots), at least two, so the last one can always take the job of an owner (and address)
 * with nothing running.
 */
export function startJobRunner(options: { concurrency?: number } = {}) {
  if (state.started) return;
  state.started = true;
  state.concurrency = Math.max(DEFAULT_CONCURRENCY, options.concurrency ?? DEFAULT_CONCURRENCY);
  const concurrency = state.concurrency;
  // Jobs an earlier process died holding are taken back before the first claim.
  void releaseWhatStoppedProcessesHeld()
    .then((released) => released > 0 && log.info("jobs of a stopped process released", { released }))
    .catch((error) => log.error("could not release the jobs of a stopped process", { error }))
    .finally(() => {
      for (let i = 0; i < concurrency; i++) void loop();
    });
  log.info("job runner started", { workerId: WORKER_ID, types: [...handlers.keys()], concurrency: state.concurrency });
}

/** The process is shutting down: a long job should end its current step and return. */
export function jobRunnerStopping(): boolean {
  return state.stopping === true;
}

/** New work was queued here: look now instead of at the next poll. */
export function pokeJobRunner() {
  for (const wake of [...wakers]) wake();
}
