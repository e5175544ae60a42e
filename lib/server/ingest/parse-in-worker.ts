import "server-only";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PARSE_MAX_MEMORY_MB, PARSE_TIMEOUT_MS } from "@/lib/constants";
import type { DocumentKind } from "./worker/detect-type.mjs";

export type { DocumentKind };

export const PARSE_ERROR_CODES = [
  "unsupported_type",
  "encrypted",
  "malformed",
  "no_text",
  "too_many_entries",
  "inflated_too_large",
  "timeout",
  "out_of_memory",
  "worker_crashed",
] as const;
export type ParseErrorCode = (typeof PARSE_ERROR_CODES)[number];

/** A document that could not be turned into text; `code` is stored as the document's error reason. */
export class ParseError extends Error {
  constructor(
    readonly code: ParseErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = "ParseError";
  }
}

export type ParsedPage = { page: number | null; text: string };
export type ParsedDocument = { pages: ParsedPage[]; pageCount: number | null };

export type ParseOptions = {
  timeoutMs?: number;
  /** The worker's V8 heap limit, and separately its budget for buffers outside the heap. */
  maxMemoryMb?: number;
  /** Another worker entry (tests use a misbehaving one). */
  workerPath?: string;
  /** Receives the worker's memory use (heap plus buffers, bytes) at each watchdog sample. */
  onMemorySample?: (bytes: number) => void;
  /** Receives each PDF page as soon as the worker has read it, in page order; a PDF's result then has no pages. */
  onPage?: (page: ParsedPage) => void;
  /**
   * Lets a worker that parsed a file successfully be used again for files with the same key
   * (the documents' owner). Its code is then already optimised, which makes a long PDF about a
   * third faster; different owners never share a worker.
   */
  reuseKey?: string;
};

type WorkerReply =
  | { ok: true; pages: ParsedPage[]; pageCount: number | null }
  | { ok: false; code: string; message: string }
  | { type: "page"; page: number; text: string };

// The Next.js bundle cannot contain a worker entry, so the worker is plain JavaScript loaded by
// path; the app always runs from the project root.
const WORKER_PATH = path.join(process.cwd(), "lib/server/ingest/worker/parse-worker.mjs");

const MIN_MEMORY_MB = 16;
const MB = 1024 * 1024;
const MEMORY_POLL_MS = 50;

// Each worker may use its whole heap limit; bounding how many run at once bounds the total.
const MAX_CONCURRENT_WORKERS = Math.min(2, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function acquireSlot(): Promise<void> {
  if (running < MAX_CONCURRENT_WORKERS) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

function isParseErrorCode(code: string): code is ParseErrorCode {
  return (PARSE_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * Parses a document in a worker thread (a fresh one, or one that parsed only the same owner's
 * files before and succeeded) with memory limits and a wall-clock time-out, so
 * a hostile file costs at most that worker: it is terminated on time-out or when it outgrows
 * its memory, and the main thread keeps serving meanwhile. At most two parse at once; more
 * wait their turn (the time-out starts when the worker does). The caller's bytes are copied,
 * never detached.
 */
export async function parseInWorker(bytes: Uint8Array, kind: DocumentKind, options: ParseOptions = {}): Promise<ParsedDocument> {
  const timeoutMs = options.timeoutMs ?? PARSE_TIMEOUT_MS;
  const maxMemoryMb = options.maxMemoryMb ?? PARSE_MAX_MEMORY_MB;
  // A heap limit of a few MB makes V8 abort the whole process while creating the worker.
  if (!Number.isFinite(maxMemoryMb) || maxMemoryMb < MIN_MEMORY_MB) throw new RangeError(`maxMemoryMb must be at least ${MIN_MEMORY_MB}`);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError("timeoutMs must be a positive number");
  await acquireSlot();
  try {
    return await runWorker(options.workerPath ?? WORKER_PATH, bytes, kind, timeoutMs, maxMemoryMb, options);
  } finally {
    releaseSlot();
  }
}

function spawnWorker(workerPath: string, maxMemoryMb: number): Worker {
  return new Worker(path.resolve(workerPath), {
    resourceLimits: {
      maxOldGenerationSizeMb: maxMemoryMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(maxMemoryMb / 8))),
    },
  });
}

// Starting a worker and loading the PDF and Word libraries into it costs about 0.3 s, more than
// parsing a small file. One spare worker with the default limits is started ahead of need, so
// every parse still gets a fresh, never-used worker without waiting for it. The spare does not
// keep the process alive while idle.
const SPARES = MAX_CONCURRENT_WORKERS;
const spares: { worker: Worker; maxMemoryMb: number }[] = [];

function refillSpares(maxMemoryMb: number) {
  setImmediate(() => {
    while (spares.length < SPARES) {
      let next: Worker;
      try {
        next = spawnWorker(WORKER_PATH, maxMemoryMb);
      } catch {
        return;
      }
      next.unref();
      const entry = { worker: next, maxMemoryMb };
      // A spare that dies while idle is simply not used.
      next.once("exit", () => {
        const at = spares.indexOf(entry);
        if (at >= 0) spares.splice(at, 1);
      });
      next.once("error", () => undefined);
      spares.push(entry);
    }
  });
}

/** Starts the spare workers now (at server start) so even the first upload does not wait for them. */
export function prewarmParseWorkers() {
  refillSpares(PARSE_MAX_MEMORY_MB);
}

// Workers kept after a successful parse, one per owner, for that owner's next files. A worker is
// retired after MAX_USES parses, and never kept after a failure, a time-out or a memory limit.
const MAX_USES = 25;
const MAX_WARM = 2;
interface WarmWorker {
  worker: Worker;
  maxMemoryMb: number;
}
const warm = new Map<string, WarmWorker>();
const uses = new WeakMap<Worker, number>();

function keepWarm(key: string, worker: Worker, maxMemoryMb: number) {
  const count = (uses.get(worker) ?? 0) + 1;
  if (count >= MAX_USES || warm.has(key)) {
    void worker.terminate();
    return;
  }
  uses.set(worker, count);
  worker.unref();
  warm.set(key, { worker, maxMemoryMb });
  // Oldest first: Map keeps insertion order.
  while (warm.size > MAX_WARM) {
    const [oldestKey, oldest] = warm.entries().next().value as [string, WarmWorker];
    warm.delete(oldestKey);
    void oldest.worker.terminate();
  }
}

/** Which owners have a worker kept for them (tests check the keeping policy). */
export function warmWorkerKeys(): string[] {
  return [...warm.keys()];
}

function takeWorker(workerPath: string, maxMemoryMb: number, reuseKey?: string): Worker {
  if (workerPath !== WORKER_PATH) return spawnWorker(workerPath, maxMemoryMb);
  const reusable = reuseKey ? warm.get(reuseKey) : undefined;
  if (reusable && reuseKey) {
    warm.delete(reuseKey);
    if (reusable.maxMemoryMb === maxMemoryMb) {
      reusable.worker.ref();
      return reusable.worker;
    }
    void reusable.worker.terminate();
  }
  // Spares made for other limits are of no use to this call: let them go.
  for (const stale of spares.filter((s) => s.maxMemoryMb !== maxMemoryMb)) {
    spares.splice(spares.indexOf(stale), 1);
    void stale.worker.terminate();
  }
  const taken = spares.shift();
  const worker = taken?.worker ?? spawnWorker(workerPath, maxMemoryMb);
  worker.ref();
  refillSpares(maxMemoryMb);
  return worker;
}

function runWorker(
  workerPath: string,
  bytes: Uint8Array,
  kind: DocumentKind,
  timeoutMs: number,
  maxMemoryMb: number,
  options: Pick<ParseOptions, "onMemorySample" | "onPage" | "reuseKey">,
): Promise<ParsedDocument> {
  const { onMemorySample, onPage, reuseKey } = options;
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = takeWorker(workerPath, maxMemoryMb, reuseKey);
    } catch (error) {
      reject(new ParseError("worker_crashed", `the parse worker could not start: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    let settled = false;
    const settle = (outcome: () => void, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("messageerror", onMessageError);
      worker.off("exit", onExit);
      outcome();
      if (reusable && reuseKey && workerPath === WORKER_PATH) keepWarm(reuseKey, worker, maxMemoryMb);
      // terminate() ends even a worker spinning in a loop; its promise only reports the exit.
      else void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new ParseError("timeout", `parsing took longer than ${timeoutMs} ms`))), timeoutMs);
    const outOfMemory = () => new ParseError("out_of_memory", `parsing needed more than ${maxMemoryMb} MB`);

    // resourceLimits cap only the JavaScript heap. ArrayBuffers live outside it, and pdf.js
    // decodes a stream whole into one: a 0.5 MB PDF holding a Flate bomb grew the process by
    // over 1 GB. The worker's heap statistics count that memory and can be read even while it
    // is busy, so the main thread watches them and ends the worker past the same budget.
    let polling = false;
    const watchdog = setInterval(() => {
      if (polling) return;
      polling = true;
      worker
        .getHeapStatistics()
        .then((stats) => {
          onMemorySample?.(stats.used_heap_size + stats.external_memory);
          if (stats.external_memory > maxMemoryMb * MB) settle(() => reject(outOfMemory()));
        })
        .catch(() => undefined)
        .finally(() => (polling = false));
    }, MEMORY_POLL_MS);

    const onMessage = (reply: WorkerReply) => {
      if ("type" in reply) {
        if (!settled) onPage?.({ page: reply.page, text: reply.text });
        return;
      }
      if (reply.ok) settle(() => resolve({ pages: reply.pages, pageCount: reply.pageCount }), true);
      else settle(() => reject(new ParseError(isParseErrorCode(reply.code) ? reply.code : "worker_crashed", reply.message)));
    };
    const onError = (error: Error & { code?: string }) =>
      settle(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? outOfMemory() : new ParseError("worker_crashed", error.message)));
    const onMessageError = (error: Error) => settle(() => reject(new ParseError("worker_crashed", error.message)));
    const onExit = (exitCode: number) => settle(() => reject(new ParseError("worker_crashed", `the parse worker exited with code ${exitCode}`)));
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("messageerror", onMessageError);
    worker.on("exit", onExit);

    const copy = new Uint8Array(bytes);
    worker.postMessage({ bytes: copy, kind, stream: onPage !== undefined }, [copy.buffer]);
  });
}
