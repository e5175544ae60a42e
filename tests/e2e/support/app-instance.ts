import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDataDir } from "./data-template";

// Extra instances of the built app that some specs start beside the suite's own server: on a
// data directory (and database) of their own, with the environment the spec needs.

const root = path.resolve(import.meta.dirname, "../../..");

// The end of each instance's error output, for the message of a start that fails.
const stderrTails = new WeakMap<ChildProcess, string>();
const STDERR_TAIL_CHARS = 4_000;

export function startInstance(options: { port: number; dataDir: string; env?: Record<string, string> }): ChildProcess {
  const base = `http://127.0.0.1:${options.port}`;
  if (!options.env?.DATABASE_URL) seedDataDir(options.dataDir);
  const server = spawn(path.join(root, "node_modules/.bin/node"), ["scripts/server.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(options.port), HOST: "127.0.0.1", APP_URL: base, DATA_DIR: options.dataDir, LOG_LEVEL: "warn", DATABASE_URL: "", ...options.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  stderrTails.set(server, "");
  server.stderr?.on("data", (chunk: Buffer) => stderrTails.set(server, ((stderrTails.get(server) ?? "") + chunk.toString()).slice(-STDERR_TAIL_CHARS)));
  return server;
}

/**
 * Waits (bounded) until an instance answers its health check; when it does not, the error says what
 * was seen: the last answer or connection error, and whether the process had ended, with its output.
 */
export async function waitForHealth(base: string, deadlineMs = 90_000, server?: ChildProcess) {
  const until = Date.now() + deadlineMs;
  let seen = "no answer yet";
  while (Date.now() < until) {
    if (server && server.exitCode !== null) break;
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
      seen = `health answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      seen = `health not reachable: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const ended = server && server.exitCode !== null ? `; the process ended with code ${server.exitCode}` : "";
  const output = server ? `\n--- its error output ---\n${stderrTails.get(server) || "(none)"}` : "";
  throw new Error(`${base} did not start within ${deadlineMs / 1000} s (${seen}${ended})${output}`);
}

/** SIGTERM, then the exit. */
export async function stopInstance(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/**
 * A spec's own instance on a fresh data directory, for what the shared server must not see: a
 * fresh install, or an app-wide setting (the AI service, the mail server) changed while other
 * specs run beside it. Started before the spec's tests and stopped after them.
 */
export function ownInstance(
  test: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void; setTimeout: (ms: number) => void },
  options: { port: number; env?: Record<string, string>; prefix?: string; firstAdmin?: { email: string; password: string; name: string } },
) {
  const base = `http://127.0.0.1:${options.port}`;
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    // The start's own bound is waitForHealth's; the hook's must not cut it short.
    test.setTimeout(120_000);
    server = startInstance({ port: options.port, dataDir: mkdtempSync(path.join(tmpdir(), options.prefix ?? "docchat-e2e-own-")), env: options.env });
    await waitForHealth(base, 90_000, server);
    if (!options.firstAdmin) return;
    const { email, password, name } = options.firstAdmin;
    const res = await fetch(`${base}/api/trial-setup`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ email, password, displayName: name }) });
    if (res.status !== 201) throw new Error(`The first admin of ${base}: ${res.status} ${await res.text()}`);
  });
  test.afterAll(async () => {
    if (server) await stopInstance(server);
  });
  return base;
}
