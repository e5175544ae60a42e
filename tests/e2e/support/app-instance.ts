import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Extra instances of the built app that some specs start beside the suite's own server: on a
// data directory (and database) of their own, with the environment the spec needs.

const root = path.resolve(import.meta.dirname, "../../..");

export function startInstance(options: { port: number; dataDir: string; env?: Record<string, string> }): ChildProcess {
  const base = `http://127.0.0.1:${options.port}`;
  return spawn(path.join(root, "node_modules/.bin/node"), ["scripts/server.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(options.port), HOST: "127.0.0.1", APP_URL: base, DATA_DIR: options.dataDir, LOG_LEVEL: "warn", DATABASE_URL: "", ...options.env },
    stdio: "ignore",
  });
}

/** Waits (bounded) until an instance answers its health check. */
export async function waitForHealth(base: string, deadlineMs = 60_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} did not start`);
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
  test: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void },
  options: { port: number; env?: Record<string, string>; prefix?: string; firstAdmin?: { email: string; password: string; name: string } },
) {
  const base = `http://127.0.0.1:${options.port}`;
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    server = startInstance({ port: options.port, dataDir: mkdtempSync(path.join(tmpdir(), options.prefix ?? "docchat-e2e-own-")), env: options.env });
    await waitForHealth(base);
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
