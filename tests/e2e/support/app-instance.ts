import { spawn, type ChildProcess } from "node:child_process";
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
