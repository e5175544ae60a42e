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
  /** Receives each PDF page as soon as the worker has read it, in page order. */
  onPage?: (page: ParsedPage) => void;
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
 * Parses a document in a fresh worker thread with memory limits and a wall-clock time-out, so
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
    return await runWorker(options.workerPath ?? WORKER_PATH, bytes, kind, timeoutMs, maxMemoryMb, options.onMemorySample, options.onPage);
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

function takeWorker(workerPath: string, maxMemoryMb: number): Worker {
  if (workerPath !== WORKER_PATH) return spawnWorker(workerPath, maxMemoryMb);
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
  onMemorySample?: (bytes: number) => void,
  onPage?: (page: ParsedPage) => void,
): Promise<ParsedDocument> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = takeWorker(workerPath, maxMemoryMb);
    } catch (error) {
      reject(new ParseError("worker_crashed", `the parse worker could not start: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      outcome();
      // terminate() ends even a worker spinning in a loop; its promise only reports the exit.
      void worker.terminate();
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

    worker.on("message", (reply: WorkerReply) => {
      if ("type" in reply) {
        if (!settled) onPage?.({ page: reply.page, text: reply.text });
        return;
      }
      settle(() => {
        if (reply.ok) resolve({ pages: reply.pages, pageCount: reply.pageCount });
        else reject(new ParseError(isParseErrorCode(reply.code) ? reply.code : "worker_crashed", reply.message));
      });
    });
    worker.on("error", (error: Error & { code?: string }) =>
      settle(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? outOfMemory() : new ParseError("worker_crashed", error.message))),
    );
    worker.on("messageerror", (error) => settle(() => reject(new ParseError("worker_crashed", error.message))));
    worker.on("exit", (exitCode) => settle(() => reject(new ParseError("worker_crashed", `the parse worker exited with code ${exitCode}`))));

    const copy = new Uint8Array(bytes);
    worker.postMessage({ bytes: copy, kind, stream: onPage !== undefined }, [copy.buffer]);
  });
}
