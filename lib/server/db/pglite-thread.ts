import "server-only";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import { log } from "@/lib/server/log";
import { isAlive } from "@/lib/server/process-alive";

// The main thread's side of lib/server/db/worker/pglite-worker.mjs: an object with the part of
// PGlite's interface drizzle's PGlite driver uses (query, exec, transaction, close), each call a
// message to the database thread.

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string) => unknown> };
type Result = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

const WORKER_PATH = path.join(process.cwd(), "lib/server/db/worker/pglite-worker.mjs");
const INITDB_PATH = path.join(process.cwd(), "lib/server/db/worker/pglite-initdb.mjs");

/**
 * The types drizzle asks every query to leave as text (timestamp, timestamptz, interval, date,
 * numeric[] and the date and time arrays): the database thread returns them as text unless a
 * query asks otherwise, so the common query passes no parsers at all.
 */
export const RAW_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
/** Query options that leave RAW_TEXT_TYPES as text, for callers writing SQL themselves. */
export const RAW_TEXT_OPTIONS: QueryOptions = { parsers: Object.fromEntries(RAW_TEXT_TYPES.map((type) => [type, asText])) };

export interface PgliteClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Result>;
  exec(sql: string): Promise<Result[]>;
  transaction<T>(fn: (tx: PgliteClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function rebuildError(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message));
  Object.assign(error, data);
  return error;
}

/**
 * Creates the database in `dataDir` unless it exists, in a short-lived process: done in this one,
 * initdb's memory stayed with the server for good (glibc keeps what a thread freed), and a fresh
 * server idled at 450–520 MB instead of the 350 MB of a restarted one.
 */
async function createDatabaseApart(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  // The creating process's id, kept while it runs: a server killed meanwhile (kill -9) leaves it
  // running, and a second initdb on the same directory would corrupt it.
  const marker = `${dataDir}.creating`;
  const creator = existsSync(marker) ? Number(readFileSync(marker, "utf8")) : 0;
  if (creator && isAlive(creator)) {
    throw new Error(`The embedded database in ${dataDir} is still being created by process ${creator}. Wait for it to finish (or stop it), then start again.`);
  }
  await new Promise<void>((created, failed) => {
    const child = spawn(process.execPath, [INITDB_PATH, dataDir], { stdio: ["ignore", "ignore", "pipe"] });
    try {
      if (child.pid) writeFileSync(marker, String(child.pid));
    } catch {
      // Not writable there: the creation itself fails and says why.
    }
    let errors = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => (errors = (errors + text).slice(-2_000)));
    child.once("error", failed);
    // "close": after the last of its error output has been read.
    child.once("close", (code, signal) => {
      try {
        rmSync(marker, { force: true });
      } catch {
        // Never written (see above).
      }
      if (code === 0) created();
      else failed(new Error(`creating the embedded database in ${dataDir} failed (${signal ?? code}): ${errors.trim()}`));
    });
  });
}

/**
 * Starts the database thread on `dataDir` (or in memory) and resolves once it is ready. A database
 * in memory may start from `snapshot`, the path of a tarball PGlite's dumpDataDir wrote.
 */
export async function startPgliteThread(dataDir: string | null, snapshot?: string): Promise<PgliteClient> {
  if (dataDir) await createDatabaseApart(dataDir);
  // PostgreSQL's WebAssembly is large, and V8 optimises its busy functions in the background with
  // as many compile tasks as it likes, each holding its compiler's memory: a first start (which
  // also runs initdb) peaked at 1064–1311 MB, 860–1066 MB with one task at a time (measured with
  // a fresh data directory, 4 starts each). The database reaches its optimised speed a little
  // later. The flag is the process's (PostgreSQL is its only WebAssembly) and is read when a
  // compile job is scheduled, so setting it before the module is compiled is enough.
  setFlagsFromString("--wasm-num-compilation-tasks=1");
  // The thread's own JavaScript is small (PGlite's memory is WebAssembly, outside these limits);
  // tight heap limits make it collect its garbage early instead of growing under load.
  const worker = new Worker(WORKER_PATH, { workerData: { dataDir, snapshot, rawTextTypes: RAW_TEXT_TYPES }, resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 16 } });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let failed: Error | null = null;

  await new Promise<void>((ready, fail) => {
    worker.once("error", fail);
    worker.once("exit", (code) => fail(new Error(`the database thread exited while starting (${code})`)));
    worker.once("message", (message: { ready?: boolean }) => (message.ready ? ready() : fail(new Error("the database thread did not start"))));
  });
  worker.on("message", (message: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> }) => {
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.ok) call.resolve(message.result);
    else call.reject(rebuildError(message.error ?? {}));
  });
  // The thread gone (crash, out of memory): every waiting call fails rather than hangs, and
  // /api/health reports the database unreachable so a supervisor can restart the server.
  let closing = false;
  const fail = (error: Error) => {
    if (!closing && !failed) log.error("embedded database thread stopped", { error: error.message });
    failed = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the database thread exited (${code})`)));

  function send<T>(message: Record<string, unknown>): Promise<T> {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  function client(tx: number | null): PgliteClient {
    return {
      query: (sql, params = [], options) =>
        send<Result>({
          op: "query",
          tx,
          sql,
          params,
          // Only identity parsers are used (drizzle leaves dates and numerics as text); they travel as type ids.
          options: options ? { rowMode: options.rowMode, rawTypes: Object.keys(options.parsers ?? {}).map(Number) } : undefined,
        }),
      exec: (sql) => send<Result[]>({ op: "exec", tx, sql }),
      transaction: async (fn) => {
        if (tx !== null) throw new Error("nested transactions are not supported");
        if (failed) throw failed;
        const id = nextId++;
        await new Promise<void>((resolve, reject) => {
          pending.set(id, { resolve: () => resolve(), reject });
          worker.postMessage({ op: "begin", id });
        });
        let value;
        try {
          value = await fn(client(id));
        } catch (error) {
          await send({ op: "rollback", tx: id }).catch(() => undefined);
          throw error;
        }
        await send({ op: "commit", tx: id });
        return value;
      },
      close: async () => {
        await send({ op: "close" }).catch(() => undefined);
        closing = true;
        await worker.terminate();
      },
    };
  }
  return client(null);
}
