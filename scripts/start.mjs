// npm start: build the app when there is no build or the sources are newer, then serve it.
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

process.env.NODE_ENV = "production";
await import("./server.ts");
