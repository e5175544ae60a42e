import "server-only";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { EXPORT_MAX_MEMORY_MB, EXPORT_MAX_PER_USER, EXPORT_MAX_WAITING, EXPORT_TIMEOUT_MS, EXPORT_USER_RETRY_SECONDS } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import type { RichDocument } from "./export-content";

// PDF and Word exports are typeset in worker threads (worker/export-worker.mjs): a long
// conversation is seconds of CPU, which on the main thread held up every request of every user
// (three concurrent exports once made /api/health take 10 s). A worker has a heap limit and a
// time budget; one that fails them is terminated and replaced. On a small machine one worker runs
// at a time and the others wait, so the main thread keeps a core.

// Loaded by path at run time (a Next.js bundle cannot hold a worker entry); the app runs from the project root.
const WORKER_PATH = path.join(process.cwd(), "lib/server/export/worker/export-worker.mjs");
const WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));

export type WorkerFormat = "pdf" | "docx";

interface Job {
  format: WorkerFormat;
  document: RichDocument;
  timeoutMs: number;
  resolve: (body: Uint8Array) => void;
  reject: (error: unknown) => void;
}

const idle: Worker[] = [];
let running = 0;
const waiting: Job[] = [];
/** Exports being made or waiting, per person who asked (so one cannot take every place). */
const perOwner = new Map<string, number>();

function release(owner: string) {
  const left = (perOwner.get(owner) ?? 1) - 1;
  if (left > 0) perOwner.set(owner, left);
  else perOwner.delete(owner);
}

function spawn(): Worker {
  const worker = new Worker(WORKER_PATH, {
    resourceLimits: { maxOldGenerationSizeMb: EXPORT_MAX_MEMORY_MB, maxYoungGenerationSizeMb: 32 },
  });
  // An idle worker does not keep the process alive.
  worker.unref();
  return worker;
}

/** A worker waiting for the next export; one that dies meanwhile is dropped, not handed a job. */
function keepIdle(worker: Worker) {
  idle.push(worker);
  worker.once("exit", () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
}

function run(job: Job) {
  running++;
  const reused = idle.pop();
  reused?.removeAllListeners("exit");
  const worker = reused ?? spawn();
  let settled = false;
  const finish = (keep: boolean, outcome: () => void) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    worker.removeAllListeners("message");
    worker.removeAllListeners("error");
    worker.removeAllListeners("exit");
    if (keep) keepIdle(worker);
    else void worker.terminate();
    running--;
    outcome();
    const next = waiting.shift();
    if (next) run(next);
  };
  const timer = setTimeout(() => {
    log.warn("export worker timed out", { format: job.format });
    finish(false, () => job.reject(new AppError("unprocessable", { messageKey: "export_too_large" })));
  }, job.timeoutMs);
  worker.on("message", (reply: { ok: true; body: Uint8Array } | { ok: false; message: string }) => {
    if (reply.ok) finish(true, () => job.resolve(reply.body));
    else {
      log.warn("export failed", { format: job.format, error: reply.message });
      finish(false, () => job.reject(new AppError("internal")));
    }
  });
  // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or killed: the export was too much for its budget.
  worker.on("error", (error) => {
    log.warn("export worker failed", { format: job.format, error: error.message });
    finish(false, () => job.reject(new AppError("unprocessable", { messageKey: "export_too_large" })));
  });
  worker.on("exit", () => finish(false, () => job.reject(new AppError("unprocessable", { messageKey: "export_too_large" }))));
  worker.postMessage({ format: job.format, document: job.document });
}

/**
 * The PDF or Word file of a conversation, typeset off the main thread within the time budget. With
 * `owner`, at most EXPORT_MAX_PER_USER of that person's exports are made or wait at once; another
 * is refused with 429 and Retry-After, whatever room the pool has.
 */
export function renderInWorker(format: WorkerFormat, document: RichDocument, options: { timeoutMs?: number; owner?: string } = {}): Promise<Uint8Array> {
  const owner = options.owner;
  if (owner !== undefined) {
    if ((perOwner.get(owner) ?? 0) >= EXPORT_MAX_PER_USER) {
      return Promise.reject(
        new AppError("rate_limited", {
          messageKey: "export_user_busy",
          params: { limit: EXPORT_MAX_PER_USER, seconds: EXPORT_USER_RETRY_SECONDS },
          headers: { "Retry-After": String(EXPORT_USER_RETRY_SECONDS) },
        }),
      );
    }
    perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1);
  }
  const rendering = new Promise<Uint8Array>((resolve, reject) => {
    const job: Job = { format, document, timeoutMs: options.timeoutMs ?? EXPORT_TIMEOUT_MS, resolve, reject };
    if (running < WORKERS) run(job);
    else if (waiting.length < EXPORT_MAX_WAITING) waiting.push(job);
    else reject(new AppError("unavailable", { messageKey: "export_busy" }));
  });
  return owner === undefined ? rendering : rendering.finally(() => release(owner));
}
