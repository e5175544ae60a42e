// Worker thread entry: typesets one PDF or Word export at a time and sends the bytes back. Both
// are seconds of CPU for a long conversation; here they hold up this thread only, not every
// request of the server (lib/server/export/export-in-worker.ts gives it a heap limit and a time
// budget). The builders are the app's own TypeScript, loaded through typescript-hooks.mjs.
import { parentPort } from "node:worker_threads";
import "../../workers/typescript-hooks.mjs";

if (!parentPort) throw new Error("export-worker.mjs must run in a worker thread");
const port = parentPort;

const builders = {
  pdf: async () => (await import("../export-pdf.ts")).chatPdf,
  docx: async () => (await import("../export-docx.ts")).chatDocx,
};

port.on("message", async (/** @type {{ format: "pdf" | "docx", document: unknown }} */ { format, document }) => {
  try {
    const build = await builders[format]();
    const built = await build(document);
    // Transfer, not copy; a view into a larger (pooled) buffer is copied out first.
    const body = built.byteOffset === 0 && built.byteLength === built.buffer.byteLength ? built : built.slice();
    port.postMessage({ ok: true, body }, [body.buffer]);
  } catch (error) {
    port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
