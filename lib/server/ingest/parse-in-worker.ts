import "server-only";
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { OCR_PAGE_TIME_MS, OCR_TIMEOUT_MS, PARSE_BASE_TIME_MS, PARSE_PAGE_TIME_MS, PARSE_TIMEOUT_MS, PDF_MAX_PAGES } from "@/lib/constants";
import { env } from "@/lib/env";
import { ingestCapacity, type IngestCapacity } from "@/lib/server/policies/ingest-capacity";
import { detectType, type DocumentKind } from "./worker/detect-type.mjs";
import { parseText } from "./worker/parse-text.mjs";

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
  "too_many_pages",
  "too_much_text",
  "login_required",
  "empty_sheet",
  "unreadable_scan",
  "image_too_large",
  "cancelled",
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

/**
 * Kinds whose parser sends its text a piece at a time when given onPage (a PDF's pages, a sheet's
 * blocks of rows, a deck's slides): the caller indexes it as it comes, and neither process holds
 * the whole text.
 */
export const STREAMED_KINDS: readonly DocumentKind[] = ["pdf", "xlsx", "csv", "pptx"];

export type ParsedPage = { page: number | null; text: string };
/** `title`: a web page's own title; `unreadablePages`: scanned pages OCR could not read, left out. */
export type ParsedDocument = { pages: ParsedPage[]; pageCount: number | null; title?: string | null; unreadablePages?: number[] };

export type ParseOptions = {
  /** The longest a parse may take, whatever its page count. */
  timeoutMs?: number;
  /** Resident memory the parse process may reach before it is killed (default: the budget's allowance). */
  maxMemoryMb?: number;
  /** A PDF's time: this much plus `pageTimeMs` a page, never past `timeoutMs`. */
  baseTimeMs?: number;
  pageTimeMs?: number;
  /** More pages than this and a PDF is refused as soon as it is open. */
  maxPages?: number;
  /**
   * OCR: the most one page may take (past it the page is left out), and the most the whole parse
   * may take once a page is read by OCR (in place of `timeoutMs`, which suits text layers).
   */
  ocrPageTimeMs?: number;
  ocrTimeoutMs?: number;
  /** Told the page OCR starts on, and the page count. */
  onOcrPage?: (page: number, pages: number) => void;
  /** Abandons the parse (its document was deleted): the process is ended, ParseError "cancelled". */
  signal?: AbortSignal;
  /** Another child entry (tests use a misbehaving one). */
  workerPath?: string;
  /** Receives the parse process's resident memory (bytes) at each watchdog sample. */
  onMemorySample?: (bytes: number) => void;
  /** Receives each PDF page (a sheet's block of rows, a slide) as soon as the child has read it, in order; the result then has no pages. */
  onPage?: (page: ParsedPage) => void;
  /**
   * Lets a process that parsed a file successfully be used again for files with the same key
   * (the documents' owner). Its code is then already optimised, which makes a long PDF about a
   * third faster; different owners never share a process.
   */
  reuseKey?: string;
};

type ChildReply =
  | { type: "ready" }
  | { type: "rss"; rss: number }
  | { type: "opened"; pages: number }
  | { type: "page"; page: number | null; text: string }
  | { type: "ocr"; page: number; pages: number }
  | { type: "done"; ok: true; pages: ParsedPage[]; pageCount: number | null; title?: string | null; unreadablePages?: number[] }
  | { type: "done"; ok: false; code: string; message: string };

// The Next.js bundle cannot contain the child's entry, so it is plain JavaScript loaded by path;
// the app always runs from the project root.
const CHILD_PATH = path.join(process.cwd(), "lib/server/ingest/worker/parse-child.mjs");

const MIN_MEMORY_MB = 64;
const MB = 1024 * 1024;
// How often the child's resident memory is read. Inflating runs at about 1 GB/s, so a sample
// every 20 ms lets a parse overshoot its allowance by some 20 MB before it is killed.
const MEMORY_POLL_MS = 20;
// The child's JavaScript heap limit, as a share of its allowance: V8 then collects garbage
// well before the watchdog's line, so a parse that fits is not killed for garbage it has not
// yet collected. What the heap does not hold (buffers, code) is what the watchdog bounds.
const HEAP_SHARE = 0.6;
// Kept for the owner's next file only while it has given back most of its memory.
const REUSE_RSS_SHARE = 0.5;
const MAX_USES = 25;
const STDERR_TAIL = 4_096;
// How much later than the child's own limit for an OCR page the parent ends the process.
const OCR_BACKSTOP_MS = 5_000;

let capacity: IngestCapacity | undefined;
/** This process's parse slots and per-parse allowance, from INGEST_MEMORY_MB. */
export function parseCapacity(): IngestCapacity {
  capacity ??= ingestCapacity(env.INGEST_MEMORY_MB);
  return capacity;
}

// ---------------------------------------------------------------- slots

let running = 0;
const waiting: (() => void)[] = [];

async function acquireSlot(): Promise<void> {
  if (running < parseCapacity().slots) {
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
 * Parses a document with its memory and time really bounded. PDF and Word files are parsed in a
 * child process (a fresh one, or one that parsed only the same owner's files before and
 * succeeded) whose resident memory is watched and which is killed past its allowance or its
 * time; the server's own memory never holds what the parser inflates. At most the budget's
 * number of slots parse at once; more wait their turn (the time starts when the parse does).
 * Plain text needs no parser: it is decoded here, its memory bounded by the upload size.
 */
export async function parseInWorker(bytes: Uint8Array, kind: DocumentKind, options: ParseOptions = {}): Promise<ParsedDocument> {
  const timeoutMs = options.timeoutMs ?? PARSE_TIMEOUT_MS;
  const maxMemoryMb = options.maxMemoryMb ?? parseCapacity().allowanceMb;
  // Below this a Node process cannot even load the parsers.
  if (!Number.isFinite(maxMemoryMb) || maxMemoryMb < MIN_MEMORY_MB) throw new RangeError(`maxMemoryMb must be at least ${MIN_MEMORY_MB}`);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError("timeoutMs must be a positive number");
  if ((kind === "txt" || kind === "md") && !options.workerPath) return parseTextHere(bytes, kind);
  await acquireSlot();
  try {
    return await runChild(options.workerPath ?? CHILD_PATH, bytes, kind, { ...options, timeoutMs, maxMemoryMb });
  } finally {
    releaseSlot();
  }
}

function parseTextHere(bytes: Uint8Array, kind: DocumentKind): ParsedDocument {
  const detected = detectType(bytes)?.kind;
  if (detected !== "txt" && detected !== "md") throw new ParseError("unsupported_type", `the content is not a ${kind} file`);
  try {
    return parseText(bytes);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && isParseErrorCode(code)) throw new ParseError(code, (error as Error).message);
    throw error;
  }
}

// ---------------------------------------------------------------- parse processes

interface Child {
  process: ChildProcess;
  maxMemoryMb: number;
  /** The owner whose files it may parse next; none for a fresh one. */
  reuseKey?: string;
  uses: number;
  /** Its last resident memory as the child itself reported it (where /proc cannot be read). */
  reportedRss: number;
  stderr: string;
}

// Every parse process of the pool, busy or idle. Idle ones are a fresh spare started ahead of
// need (starting Node and loading pdf.js and mammoth costs about 0.3 s, more than parsing a
// small file) or one kept for its owner's next file. Never more than there are slots.
const pool = new Set<Child>();
const idle: Child[] = [];

function spawnChild(childPath: string, maxMemoryMb: number): Child {
  const heapMb = Math.max(32, Math.floor(maxMemoryMb * HEAP_SHARE));
  const proc = fork(path.resolve(childPath), [], {
    execArgv: [`--max-old-space-size=${heapMb}`, "--max-semi-space-size=8"],
    // Nothing of the server's environment (keys, database addresses) reaches a parser.
    env: { NODE_ENV: "production" },
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  const child: Child = { process: proc, maxMemoryMb, uses: 0, reportedRss: 0, stderr: "" };
  proc.stderr?.setEncoding("utf8");
  proc.stderr?.on("data", (text: string) => (child.stderr = (child.stderr + text).slice(-STDERR_TAIL)));
  proc.on("message", (reply: ChildReply) => {
    if (reply?.type === "rss") child.reportedRss = reply.rss;
  });
  // A child that dies (or cannot start) while idle is simply not used.
  proc.once("exit", () => forget(child));
  proc.on("error", () => forget(child));
  return child;
}

function forget(child: Child) {
  pool.delete(child);
  const at = idle.indexOf(child);
  if (at >= 0) idle.splice(at, 1);
}

function kill(child: Child) {
  forget(child);
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL");
}

type Handle = { ref?: () => void; unref?: () => void };

// An idle child must not keep the server (or a script) running: neither its process, nor its
// IPC channel, nor the pipe its errors come through.
function park(child: Child) {
  child.process.unref();
  child.process.channel?.unref();
  (child.process.stderr as Handle | null)?.unref?.();
  idle.push(child);
}

function wake(child: Child) {
  child.process.ref();
  child.process.channel?.ref();
  (child.process.stderr as Handle | null)?.ref?.();
}

function refillSpares() {
  const maxMemoryMb = parseCapacity().allowanceMb;
  setImmediate(() => {
    while (pool.size < parseCapacity().slots) {
      let spare: Child;
      try {
        spare = spawnChild(CHILD_PATH, maxMemoryMb);
      } catch {
        return;
      }
      pool.add(spare);
      park(spare);
    }
  });
}

/** Starts the spare parse processes now (at server start) so even the first upload does not wait for one. */
export function prewarmParseWorkers() {
  refillSpares();
}

/** Which owners have a parse process kept for them (tests check the keeping policy). */
export function warmWorkerKeys(): string[] {
  return idle.flatMap((c) => (c.reuseKey ? [c.reuseKey] : []));
}

/** How many parse processes exist, busy or idle (tests check they never outnumber the slots). */
export function parseProcessCount(): number {
  return pool.size;
}

function takeChild(maxMemoryMb: number, reuseKey?: string): Child {
  const fits = (c: Child) => c.maxMemoryMb === maxMemoryMb && c.process.connected;
  const pick = idle.findIndex((c) => fits(c) && reuseKey !== undefined && c.reuseKey === reuseKey);
  const at = pick >= 0 ? pick : idle.findIndex((c) => fits(c) && c.reuseKey === undefined);
  if (at >= 0) {
    const [child] = idle.splice(at, 1);
    wake(child);
    return child;
  }
  // No idle process will do: make room for a new one by ending the oldest idle one.
  while (pool.size >= parseCapacity().slots && idle.length > 0) kill(idle[0]);
  const child = spawnChild(CHILD_PATH, maxMemoryMb);
  pool.add(child);
  return child;
}

/** After a parse: kept for the same owner while it is healthy and lean, else ended; spares refilled. */
function release(child: Child, reusable: boolean, reuseKey: string | undefined, rss: number) {
  child.uses++;
  const lean = rss > 0 && rss < child.maxMemoryMb * MB * REUSE_RSS_SHARE;
  if (reusable && reuseKey && lean && child.uses < MAX_USES && child.process.connected) {
    // One kept process per owner: an older one for the same owner goes.
    for (const other of idle.filter((c) => c.reuseKey === reuseKey)) kill(other);
    child.reuseKey = reuseKey;
    park(child);
  } else {
    kill(child);
  }
  refillSpares();
}

/** Resident memory of a process from /proc, in bytes; undefined where /proc cannot be read. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

type RunOptions = Required<Pick<ParseOptions, "timeoutMs" | "maxMemoryMb">> & ParseOptions;

function runChild(childPath: string, bytes: Uint8Array, kind: DocumentKind, options: RunOptions): Promise<ParsedDocument> {
  const { timeoutMs, maxMemoryMb, onMemorySample, onPage, reuseKey, signal } = options;
  const ocrPageTimeMs = options.ocrPageTimeMs ?? OCR_PAGE_TIME_MS;
  const ocrTimeoutMs = Math.max(timeoutMs, options.ocrTimeoutMs ?? OCR_TIMEOUT_MS);
  const pooled = childPath === CHILD_PATH;
  return new Promise((resolve, reject) => {
    let child: Child;
    try {
      child = pooled ? takeChild(maxMemoryMb, reuseKey) : spawnChild(childPath, maxMemoryMb);
    } catch (error) {
      reject(new ParseError("worker_crashed", `the parse process could not start: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    const proc = child.process;
    const started = Date.now();
    let peakRss = 0;
    let settled = false;
    const settle = (outcome: () => void, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      signal?.removeEventListener("abort", onAbort);
      proc.off("message", onMessage);
      proc.off("error", onError);
      proc.off("close", onClose);
      outcome();
      if (pooled) release(child, reusable, reuseKey, residentBytes(proc.pid) ?? child.reportedRss);
      else kill(child);
    };

    // The message names the budget that ran out (the whole limit, a PDF's pages, or OCR's), so a
    // reader of the log and a test alike can tell which one applied.
    const timeUp = () => settle(() => reject(new ParseError("timeout", `parsing took longer than its budget of ${deadline - started} ms`)));
    let deadline = started + timeoutMs;
    let timer = setTimeout(timeUp, timeoutMs);
    const onAbort = () => settle(() => reject(new ParseError("cancelled", "the document is no longer wanted")));
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    const outOfMemory = () => new ParseError("out_of_memory", `parsing needed more than ${maxMemoryMb} MB`);

    // The bound itself: the process's resident memory, everything it holds (heap, buffers,
    // code), read from /proc, and the process killed the moment it passes the allowance.
    const watchdog = setInterval(() => {
      const rss = residentBytes(proc.pid) ?? child.reportedRss;
      peakRss = Math.max(peakRss, rss);
      onMemorySample?.(rss);
      if (rss > maxMemoryMb * MB) settle(() => reject(outOfMemory()));
    }, MEMORY_POLL_MS);

    const onMessage = (reply: ChildReply) => {
      if (settled || !reply || typeof reply !== "object") return;
      switch (reply.type) {
        case "page":
          onPage?.({ page: reply.page, text: reply.text });
          return;
        case "opened": {
          // Now the page count is known: the parse gets time in proportion to it.
          const budget = Math.min(timeoutMs, (options.baseTimeMs ?? PARSE_BASE_TIME_MS) + reply.pages * (options.pageTimeMs ?? PARSE_PAGE_TIME_MS));
          deadline = started + budget;
          clearTimeout(timer);
          timer = setTimeout(timeUp, Math.max(0, deadline - Date.now()));
          return;
        }
        case "ocr": {
          // A page read by OCR gets its own time (the child leaves it out when that runs out; this
          // is the backstop, a little later), and the whole parse at most the OCR limit.
          deadline = Math.min(started + ocrTimeoutMs, Math.max(deadline, Date.now() + ocrPageTimeMs + OCR_BACKSTOP_MS));
          clearTimeout(timer);
          timer = setTimeout(timeUp, Math.max(0, deadline - Date.now()));
          options.onOcrPage?.(reply.page, reply.pages);
          return;
        }
        case "done":
          if (reply.ok) settle(() => resolve({ pages: reply.pages, pageCount: reply.pageCount, title: reply.title, unreadablePages: reply.unreadablePages ?? [] }), true);
          else settle(() => reject(new ParseError(isParseErrorCode(reply.code) ? reply.code : "worker_crashed", reply.message)));
          return;
        default:
          return;
      }
    };
    const onError = (error: Error) => settle(() => reject(new ParseError("worker_crashed", error.message)));
    // "close" comes once the process has ended and its stderr is read to the end. V8 aborts a
    // process whose heap is exhausted and says so there; a death close to the allowance is the
    // same failure seen from outside.
    const onClose = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(() =>
        reject(
          /heap out of memory|allocation failed/i.test(child.stderr) || peakRss > maxMemoryMb * MB * 0.8
            ? outOfMemory()
            : new ParseError("worker_crashed", `the parse process exited with ${signal ?? `code ${code}`}`),
        ),
      );
    proc.on("message", onMessage);
    proc.on("error", onError);
    proc.on("close", onClose);
    if (!proc.connected) {
      onClose(proc.exitCode, proc.signalCode);
      return;
    }
    proc.send({ type: "parse", bytes, kind, stream: onPage !== undefined, maxPages: options.maxPages ?? PDF_MAX_PAGES, ocrPageTimeMs }, (error) => {
      if (error) onError(error);
    });
  });
}
