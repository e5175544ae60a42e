// A parse worker that misbehaves on purpose, for tests of parse-in-worker.ts. The "kind"
// chooses the misbehaviour; for "spin" the bytes name a file the worker keeps writing a
// heartbeat to, so a test can see when it has really stopped.
import { writeFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";

parentPort?.once("message", ({ bytes, kind }) => {
  if (kind === "spin") {
    const file = new TextDecoder().decode(bytes);
    let beats = 0;
    let last = 0;
    for (;;) {
      const now = Date.now();
      if (now - last >= 10) {
        last = now;
        writeFileSync(file, String(++beats));
      }
    }
  }
  if (kind === "allocate") {
    const hoard = [];
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => ({ i, s: `item ${i}` })));
  }
  if (kind === "exit") process.exit(3);
  if (kind === "throw") throw new Error("hostile worker failure");
  if (kind === "unknown-code") parentPort?.postMessage({ ok: false, code: "no_such_code", message: "odd reply" });
});
