// Child process entry: parses documents one at a time for lib/server/ingest/parse-in-worker.ts.
// A process of its own, not a worker thread: a thread shares the server's memory, and what
// pdf.js and mammoth allocate outside the JavaScript heap (ArrayBuffers, strings of inflated
// XML) is not bounded by a thread's resourceLimits. Here the parent watches this process's
// resident memory and kills it past its allowance, and the operating system takes back every
// byte at once. Loaded by path (the Next.js bundle cannot hold it), hence plain JavaScript.
import { ParseFailure } from "./parse-failure.mjs";

if (!process.send) throw new Error("parse-child.mjs must be started with an IPC channel (child_process.fork)");
const send = (/** @type {unknown} */ message) => process.send?.(message);

// The parsers load (about a quarter of a second) while the process waits for its first file.
const parser = import("./parse-document.mjs");
void parser.then(
  () => send({ type: "ready" }),
  () => undefined,
);

// Where /proc cannot be read, the parent goes by what this process says it holds (only while
// its event loop is free, so /proc is what bounds a parse on Linux).
setInterval(() => send({ type: "rss", rss: process.memoryUsage.rss() }), 100).unref();

/**
 * @typedef {{ type: "parse", bytes: Uint8Array, kind: string, stream?: boolean, maxPages?: number, ocrPageTimeMs?: number }} ParseRequest
 */

process.on("message", async (/** @type {ParseRequest} */ request) => {
  if (!request || request.type !== "parse") return;
  const { bytes, kind, stream, maxPages, ocrPageTimeMs } = request;
  try {
    const { parseDocument } = await parser;
    // With stream, each PDF page is sent as soon as it is read, so the parent can index it while
    // the rest is parsed; the pages are then not sent a second time at the end.
    const onPage = stream ? (/** @type {{ page: number, text: string }} */ page) => send({ type: "page", ...page }) : undefined;
    const onOpen = (/** @type {number} */ pages) => send({ type: "opened", pages });
    // Scanned pages and images are read by OCR; the parent hears of each such page first (its
    // progress, and the page's own time).
    const ocr = { pageTimeMs: ocrPageTimeMs ?? 45_000, onPage: (/** @type {number} */ page, /** @type {number} */ pages) => send({ type: "ocr", page, pages }) };
    const { pages, pageCount, title, unreadablePages } = await parseDocument(bytes, kind, onPage, { maxPages, onOpen, ocr });
    send({ type: "done", ok: true, pages: onPage && kind === "pdf" ? [] : pages, pageCount, title, unreadablePages });
  } catch (error) {
    if (error instanceof ParseFailure) {
      send({ type: "done", ok: false, code: error.code, message: error.message });
    } else if (error instanceof RangeError && /allocation failed|invalid (array|string|typed array) length/i.test(error.message)) {
      send({ type: "done", ok: false, code: "out_of_memory", message: error.message });
    } else {
      send({ type: "done", ok: false, code: "worker_crashed", message: error instanceof Error ? error.message : String(error) });
    }
  }
});

// The parent going away (a crash, kill -9) must not leave this process behind.
process.on("disconnect", () => process.exit(0));
