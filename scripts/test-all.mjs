// npm test: every test. Unit tests, integration tests on the embedded database, the same
// integration tests on PostgreSQL when TEST_DATABASE_URL names a server (.ci/run starts one),
// then the production build and the end-to-end tests in Chromium against it.
//
// The integration suites run two test files at a time: each file has a database of its own, and
// on a two-core machine vitest's default (one file at a time) left a core idle while a file
// waited on its database or a child process (525 s against 415 s for the PGlite pass). Running
// them beside the end-to-end suite instead was tried and measured: the browser tests slowed by a
// third and the whole run took no less time.
//
// Two pairs of stages run side by side, each pair one that leaves a core idle beside one that
// keeps it busy: the type check (one thread) beside the unit and component tests, and the
// production build beside the PostgreSQL pass (whose files wait on the database server). The
// second of each pair prints its output when it is done, so the log reads stage by stage.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { printTestReport } from "./test-report.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const results = [];
const INTEGRATION = ["run", "--project", "integration", "--maxWorkers=2"];
// Each test runner also writes its tests' times here, for the table of the slowest at the end.
const timings = mkdtempSync(path.join(tmpdir(), "docchat-test-times-"));
const timed = (label) => path.join(timings, `${label.replace(/\W+/g, "-")}.json`);
const vitest = (label, args, extraEnv) => run(label, bin("vitest"), [...args, "--reporter=default", "--reporter=json", `--outputFile.json=${timed(label)}`], extraEnv);

function run(label, command, args, extraEnv = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: "inherit", cwd: root, env: { ...env, ...extraEnv } });
  results.push({ label, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return status === 0;
}

/**
 * Starts a stage in the background with its output held back; the promise resolves once it ends,
 * having printed that output under the stage's heading and recorded its result.
 */
function runAside(label, command, args, extraEnv = {}) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: { ...env, FORCE_COLOR: "1", ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      console.log(`\n=== ${label} (ran beside the stage before) ===`);
      process.stdout.write(Buffer.concat(output));
      results.push({ label, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
      resolve(status === 0);
    });
  });
}

const typecheck = runAside("typecheck", bin("tsc"), ["--noEmit"]);
vitest("unit", ["run", "--project", "unit"]);
vitest("component", ["run", "--project", "component"]);
await typecheck;
vitest("integration (PGlite)", INTEGRATION, { TEST_DATABASE_URL: "" });
// Files whose subject is not the database, run on the embedded one only: on a server they say
// nothing new and took 4 of the PostgreSQL pass's 6 minutes. The embedded database itself (its
// thread, the operator's command on a data directory); the offline model's opening questions over
// every DRCD article (text quality; 87 s there); hostile uploads bounded by the parsing workers
// (39 s); chat images decoded and re-encoded by sharp (23 s); the export formats' typesetting (9 s).
// Every route and query they pass through is run on both databases by the other files.
const EMBEDDED_ONLY = [
  "tests/integration/pglite-thread.test.ts",
  "tests/integration/user-create-cli.test.ts",
  "tests/integration/suggestions-eval.test.ts",
  "tests/security/hostile-uploads.test.ts",
  "tests/security/chat-images.test.ts",
  "tests/integration/export.test.ts",
];
const chromium = "/usr/bin/chromium";
// Built as a stage of its own (the end-to-end server would otherwise build inside its start-up
// time-out), beside the PostgreSQL pass.
const build = existsSync(chromium) ? runAside("build", "npm", ["run", "build"]) : null;
if (env.TEST_DATABASE_URL) {
  vitest("integration (PostgreSQL)", [...INTEGRATION, ...EMBEDDED_ONLY.flatMap((file) => ["--exclude", file])]);
} else {
  console.log("\n(integration on PostgreSQL: set TEST_DATABASE_URL=postgres://… to run it; .ci/run does)");
}

if (build) {
  if (await build) {
    run("end-to-end (Chromium)", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_FILE: timed("end-to-end (Chromium)") });
  }
  else results.push({ label: "end-to-end (Chromium)", ok: false, seconds: 0 });
} else if (env.CI === "true") {
  console.error(`\nChromium is missing at ${chromium}: CI must install it (apt-get install -y chromium).`);
  results.push({ label: "end-to-end (Chromium)", ok: false, seconds: 0 });
} else {
  console.log(`\n(end-to-end: Chromium not found at ${chromium}; install it with apt-get install -y chromium to run them)`);
}

printTestReport(timings, 10);
rmSync(timings, { recursive: true, force: true });

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.label} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
