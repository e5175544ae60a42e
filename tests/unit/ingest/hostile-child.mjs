// A parse process that misbehaves on purpose, for tests of parse-in-worker.ts. The "kind"
// chooses the misbehaviour; for "spin" the bytes name a file the process keeps writing a
// heartbeat to, so a test can see when it has really stopped.
import { renameSync, writeFileSync } from "node:fs";

process.on("message", ({ bytes, kind }) => {
  if (kind === "spin" || kind === "open-then-spin") {
    // A one-page PDF whose page never finishes.
    if (kind === "open-then-spin") process.send?.({ type: "opened", pages: 1 });
    const file = new TextDecoder().decode(bytes);
    let beats = 0;
    let last = 0;
    for (;;) {
      const now = Date.now();
      if (now - last >= 10) {
        last = now;
        // Written aside and renamed: a kill between truncating and writing the file
        // itself would leave it empty, and the test would read 0 beats.
        writeFileSync(`${file}.next`, String(++beats));
        renameSync(`${file}.next`, file);
      }
    }
  }
  if (kind === "allocate") {
    const hoard = [];
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => ({ i, s: `item ${i}` })));
  }
  if (kind === "buffers") {
    // Memory outside the JavaScript heap, as pdf.js decoding a stream holds it: no heap limit
    // sees it. About 1 GB/s, as fast as inflating, and 1.5 GB at most if nothing stops it.
    const hoard = [];
    for (let i = 0; i < 1_500; i++) {
      const until = performance.now() + 1;
      hoard.push(Buffer.alloc(1024 * 1024, i & 255));
      while (performance.now() < until);
    }
    process.send?.({ type: "done", ok: true, pages: [], pageCount: hoard.length });
  }
  if (kind === "exit") process.exit(3);
  if (kind === "throw") throw new Error("hostile child failure");
  if (kind === "unknown-code") process.send?.({ type: "done", ok: false, code: "no_such_code", message: "odd reply" });
});
