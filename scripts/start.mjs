// npm start: build the app when there is no build or the sources are newer, then serve it.
//
// package.json runs this with two V8 options for the JavaScript heap, measured with bench:shared
// (50 visitors of a share link, ~300 messages/s, which starts the server with these options):
// - --max-semi-space-size=16: on a machine with plenty of memory V8 gives the young generation
//   64 MB per semi-space, all of it kept committed by a busy server. Peak 945–980 MB instead of
//   1066–1173 MB.
// - --max-old-space-size=2000: with no limit V8 lets the old generation grow to four times what
//   survived its last full collection before collecting again; under a 2 GB limit it allows about
//   twice. Peak 855–869 MB instead of 963–1047 MB, the same messages/s and latency. The limit
//   leaves room: bench:service-scale, 100k passages in the retrieval index and its baseline in
//   the same process, runs within a 1 GB limit (and not within 768 MB). A larger deployment on one
//   machine raises it: node --max-semi-space-size=16 --max-old-space-size=N scripts/start.mjs.
import { existsSync, readdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

const SOURCES = ["app", "components", "lib", "messages", "proxy.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const buildId = path.join(root, ".next", "BUILD_ID");
const stale = !existsSync(buildId) || Math.max(...SOURCES.map(newestMtime)) > statSync(buildId).mtimeMs;
if (stale) {
  console.log("Building the app (first start or changed sources)…");
  // No outbound network is assumed anywhere; Next would otherwise try to send telemetry.
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Brotli copies of the build's static files (scripts/precompressed-static.ts), once per build.
const { isPrecompressed, precompressStatic } = await import("./precompressed-static.ts");
if (!isPrecompressed(path.join(root, ".next"))) await precompressStatic(path.join(root, ".next"));

process.env.NODE_ENV = "production";
await import("./server.ts");
