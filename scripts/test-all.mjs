// npm test: every test. Unit tests, integration tests on the embedded database, the same
// integration tests on PostgreSQL when TEST_DATABASE_URL names a server (.ci/run starts one),
// then the end-to-end tests in Chromium against the production build.
//
// The end-to-end suite spends most of its time waiting on a browser and a server (about a
// quarter of one core on average here), while the integration suites keep a core busy: so when
// Chromium is there, the integration suites run beside the end-to-end suite, at the lowest CPU
// priority (nice 19) so that the browser and the app under test get the processor whenever they
// want it, and their output is printed once they are done. On a two-core machine this takes the
// whole run from about 35 minutes to under 25.
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const results = [];
const chromium = "/usr/bin/chromium";
const withBrowser = existsSync(chromium);

function run(label, command, args, extraEnv = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: "inherit", cwd: root, env: { ...env, ...extraEnv } });
  results.push({ label, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return status === 0;
}

/**
 * Starts the stages one after another in the background, niced, each writing into a log file of
 * its own (straight to the file: the parent may be blocked in a foreground stage meanwhile).
 * Resolves with their results once the last has ended.
 */
function runInBackground(stages) {
  const done = [];
  const start = (index) => {
    if (index === stages.length) return Promise.resolve(done);
    const stage = stages[index];
    const log = path.join(tmpdir(), `docchat-test-${stage.label.replace(/\W+/g, "-")}-${process.pid}.log`);
    const fd = openSync(log, "w");
    const started = Date.now();
    const child = spawn("nice", ["-n", "19", stage.command, ...stage.args], { cwd: root, env: { ...env, ...stage.env }, stdio: ["ignore", fd, fd] });
    closeSync(fd);
    return new Promise((resolve) => {
      child.once("error", () => resolve(1));
      child.once("exit", (code) => resolve(code));
    }).then((code) => {
      done.push({ label: stage.label, log, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
      return start(index + 1);
    });
  };
  // The first stage is spawned now, before the caller goes on to its foreground work.
  return start(0);
}

/** A foreground stage that leaves the event loop running (spawnSync would stall the background stages' hand-over). */
function runAsync(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", cwd: root, env });
    child.once("error", () => resolve(1));
    child.once("exit", (code) => resolve(code));
  }).then((code) => {
    results.push({ label, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  });
}

run("typecheck", bin("tsc"), ["--noEmit"]);
run("unit", bin("vitest"), ["run", "--project", "unit"]);

const integration = [{ label: "integration (PGlite)", command: bin("vitest"), args: ["run", "--project", "integration"], env: { TEST_DATABASE_URL: "" } }];
if (env.TEST_DATABASE_URL) {
  integration.push({ label: "integration (PostgreSQL)", command: bin("vitest"), args: ["run", "--project", "integration"], env: {} });
} else {
  console.log("\n(integration on PostgreSQL: set TEST_DATABASE_URL=postgres://… to run it; .ci/run does)");
}

if (withBrowser) {
  // Built first, on its own: the build wants both cores, and the suites beside the browser tests
  // would slow it.
  const built = run("build", "npm", ["run", "build"]);
  console.log(`\n(${integration.map((s) => s.label).join(" and ")} running beside the end-to-end tests; their output follows them)`);
  const background = runInBackground(integration);
  if (built) await runAsync("end-to-end (Chromium)", bin("playwright"), ["test"]);
  else results.push({ label: "end-to-end (Chromium)", ok: false, seconds: 0 });
  for (const stage of await background) {
    console.log(`\n=== ${stage.label} (ran beside the end-to-end tests) ===`);
    process.stdout.write(readFileSync(stage.log));
    results.push(stage);
  }
} else {
  for (const stage of integration) run(stage.label, stage.command, stage.args, stage.env);
  if (env.CI === "true") {
    console.error(`\nChromium is missing at ${chromium}: CI must install it (apt-get install -y chromium).`);
    results.push({ label: "end-to-end (Chromium)", ok: false, seconds: 0 });
  } else {
    console.log(`\n(end-to-end: Chromium not found at ${chromium}; install it with apt-get install -y chromium to run them)`);
  }
}

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.label} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
