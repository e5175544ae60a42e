// Worker thread entry: parses one document and reports back. It runs with V8 heap limits and
// is terminated on time-out by lib/server/ingest/parse-in-worker.ts, so a hostile file can
// exhaust only this thread. Loaded by path at run time (the Next.js bundle cannot hold a
// worker entry), hence plain JavaScript.
import { parentPort } from "node:worker_threads";
import { parseDocument, ParseFailure } from "./parse-document.mjs";

if (!parentPort) throw new Error("parse-worker.mjs must run in a worker thread");
const port = parentPort;

// One file at a time: the main thread sends the next only after this one's answer.
port.on("message", async (/** @type {{ bytes: Uint8Array, kind: string, stream?: boolean }} */ { bytes, kind, stream }) => {
  try {
    // With stream, each PDF page is sent as soon as it is read, so the main thread can index it
    // while the rest is parsed; the pages are then not sent a second time at the end.
    const onPage = stream ? (/** @type {{ page: number, text: string }} */ page) => port.postMessage({ type: "page", ...page }) : undefined;
    const { pages, pageCount } = await parseDocument(bytes, kind, onPage);
    port.postMessage({ ok: true, pages: onPage && kind === "pdf" ? [] : pages, pageCount });
  } catch (error) {
    if (error instanceof ParseFailure) {
      port.postMessage({ ok: false, code: error.code, message: error.message });
    } else if (error instanceof RangeError && /allocation failed|invalid (array|string|typed array) length/i.test(error.message)) {
      port.postMessage({ ok: false, code: "out_of_memory", message: error.message });
    } else {
      port.postMessage({ ok: false, code: "worker_crashed", message: error instanceof Error ? error.message : String(error) });
    }
  }
});
