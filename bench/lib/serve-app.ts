// Runs the real production server for a benchmark as `npm start` does (`node <its options>
// scripts/start.mjs`), so it builds only when `npm start` would (no build, or sources newer than
// it), in a process group of its own that is stopped as a whole. Listens on loopback only.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
// A first start builds the app (minutes on two cores) before it listens.
const READY_TIMEOUT_MS = 15 * 60_000;
const STOP_GRACE_MS = 15_000;

export type ServedApp = {
  baseUrl: string;
  /** Process group id of the server (its pid: it leads its own group). */
  pgid: number;
  stop: () => Promise<void>;
};

/**
 * The Node `npm start` runs on: the pinned devDependency (npm puts it first on PATH), whatever
 * Node runs this script. scripts/start.mjs loads TypeScript natively, which Node 20 cannot.
 */
function pinnedNode(): string {
  const pinned = path.join(root, "node_modules/.bin/node");
  return existsSync(pinned) ? pinned : process.execPath;
}

/**
 * The Node options `npm start` gives the server (package.json "start": `node <options>
 * scripts/start.mjs`), so the benchmark measures the server as it is run.
 */
export function startNodeOptions(): string[] {
  const start = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const words = start.split(/\s+/);
  const script = words.indexOf("scripts/start.mjs");
  if (words[0] !== "node" || script < 0) throw new Error(`package.json's start script is not "node [options] scripts/start.mjs": ${start}`);
  return words.slice(1, script);
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once("error", reject).listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === "string") throw new Error("no loopback port");
  return address.port;
}

/**
 * Starts the server with `env` over a cleaned copy of this process's environment and waits for
 * /api/health. Its output goes to this process's stderr, keeping stdout for the figures.
 */
export async function serveApp(options: { port: number; env: Record<string, string>; appUrl?: string }): Promise<ServedApp> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  // Whatever the shell has, the server here is the offline, embedded-database one.
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "EMBEDDING_MODEL", "DATABASE_URL", "AUTH_SECRET", "TRUST_PROXY"]) delete env[name];
  // Behind a proxy the public address is the proxy's (the origin browsers send).
  Object.assign(env, options.env, { PORT: String(options.port), HOST: "127.0.0.1", APP_URL: options.appUrl ?? baseUrl });
  // BENCH_DATABASE_URL runs the same server on PostgreSQL instead (an empty database of its own).
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server itself.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(pinnedNode(), [...startNodeOptions(), ...nodeArgs, path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", 2, 2],
  });
  if (!child.pid) throw new Error("the server did not start");
  const pgid = child.pid;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Never leave a server behind, whatever ends this process: its own group gets no Ctrl-C. A
  // signal repeated while stopping (tsx relays the terminal's) must not end this process early.
  const killGroup = () => signalGroup(pgid, "SIGKILL");
  const interrupted = (signal: NodeJS.Signals) => void stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  process.once("exit", killGroup);
  process.on("SIGINT", interrupted);
  process.on("SIGTERM", interrupted);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup(pgid, "SIGTERM");
        const stopped = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
        if (!stopped) signalGroup(pgid, "SIGKILL");
        await Promise.race([exited, sleep(STOP_GRACE_MS)]);
      }
      process.removeListener("exit", killGroup);
      process.removeListener("SIGINT", interrupted);
      process.removeListener("SIGTERM", interrupted);
    })());

  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pgid, stop };
}

async function waitForHealth(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(500);
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 60_000} minutes`);
}

/** Sends `signal` to a detached child's whole process group (the server and what it started). */
export function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group is gone already.
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
