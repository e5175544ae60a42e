// The embedded database (PGlite) on a thread of its own: its WebAssembly work no longer blocks
// the server's main thread, which meanwhile handles other requests. The main thread talks to it
// through lib/server/db/pglite-thread.ts: queries, exec, and transactions by id.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

// 16 MB of shared buffers instead of PostgreSQL's 128 MB: the files it reads stay in the operating
// system's cache anyway, and the embedded server's memory is what one machine runs short of.
const options = { startParams: [...(PGlite.defaultStartParams ?? []), "-c", "shared_buffers=16MB"] };
const db = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);
await db.waitReady;
releaseInitdbMemory();

/**
 * A new database is made by a second, temporary PostgreSQL (PGlite runs initdb in an instance of
 * its own), whose WebAssembly memory, 300–500 MB, stays allocated until this thread's next full
 * garbage collection. This thread allocates little, so that can be minutes away, all the while
 * under load (bench:shared measured it there). One collection now returns it; it takes a few
 * milliseconds on this small heap. `gc` is exposed for that one call only.
 */
function releaseInitdbMemory() {
  setFlagsFromString("--expose-gc");
  try {
    runInNewContext("gc")();
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}

const identity = (value) => value;
/** Open transactions: the PGlite transaction handle and how to end it. */
const transactions = new Map();

function queryOptions(options) {
  if (!options) return undefined;
  // Parsers cannot cross threads; the caller names the types to leave as raw text.
  const parsers = Object.fromEntries((options.rawTypes ?? []).map((type) => [type, identity]));
  return { rowMode: options.rowMode, parsers };
}

const plain = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

/** Opens a transaction and answers once PGlite has started it; `entry.done` settles when it ends. */
function begin(id) {
  return new Promise((started, failedToStart) => {
    const entry = {};
    entry.done = db.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          Object.assign(entry, { tx, commit, rollback });
          transactions.set(id, entry);
          started();
        }),
    );
    // Before it started: the caller learns here. After: commit or rollback reports it.
    entry.done.catch((error) => {
      if (!entry.tx) failedToStart(error);
    });
  });
}

async function end(id, commit) {
  const entry = transactions.get(id);
  if (!entry) throw new Error(`no open transaction ${id}`);
  transactions.delete(id);
  if (commit) entry.commit();
  else entry.rollback(new Error("rolled back"));
  try {
    await entry.done;
  } catch (error) {
    if (commit) throw error;
  }
}

function serializeError(error) {
  const out = { message: error?.message ?? String(error), name: error?.name ?? "Error" };
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ["string", "number", "boolean"].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

parentPort.on("message", async (message) => {
  try {
    let result = null;
    const target = message.tx ? transactions.get(message.tx)?.tx : db;
    if (message.tx && !target) throw new Error(`no open transaction ${message.tx}`);
    switch (message.op) {
      case "query":
        result = plain(await target.query(message.sql, message.params, queryOptions(message.options)));
        break;
      case "exec":
        result = (await target.exec(message.sql)).map(plain);
        break;
      case "begin":
        await begin(message.id);
        break;
      case "commit":
        await end(message.tx, true);
        break;
      case "rollback":
        await end(message.tx, false);
        break;
      case "close":
        await db.close();
        break;
      default:
        throw new Error(`unknown operation ${message.op}`);
    }
    parentPort.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error) });
  }
});

parentPort.postMessage({ ready: true });
