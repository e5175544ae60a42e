// The embedded database (PGlite) on a thread of its own: its WebAssembly work no longer blocks
// the server's main thread, which meanwhile handles other requests. The main thread talks to it
// through lib/server/db/pglite-thread.ts: queries, exec, and transactions by id.
import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";

// 16 MB of shared buffers instead of PostgreSQL's 128 MB: the files it reads stay in the operating
// system's cache anyway, and the embedded server's memory is what one machine runs short of.
const options = { startParams: [...(PGlite.defaultStartParams ?? []), "-c", "shared_buffers=16MB"] };
// A database in memory starts from a snapshot when given one (a tarball of PGlite's
// dumpDataDir): the test suites open about fifty of them, and loading one skips initdb.
if (!workerData.dataDir && workerData.snapshot) options.loadDataDir = new Blob([readFileSync(workerData.snapshot)]);
const db = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);
await db.waitReady;
releaseInitdbMemory();

/**
 * A new database is made by a second, temporary PostgreSQL (PGlite runs initdb in an instance of
 * its own), whose WebAssembly memory, 300–500 MB, stays allocated until this thread's next full
 * garbage collection. This thread allocates little, so that can be minutes away, all the while
 * under load (bench:shared measured it there). A database in a directory is created in a process
 * of its own beforehand (pglite-thread.ts); one in memory is created here, and one collection now
 * returns that memory. It takes a few milliseconds on this small heap. `gc` is exposed for that
 * one call only.
 */
function releaseInitdbMemory() {
  // The flag is the whole process's: another database thread starting at the same moment may turn
  // it off before the call. Then this collection is skipped and the memory comes back later.
  try {
    setFlagsFromString("--expose-gc");
    runInNewContext("gc")();
  } catch {
    // Not collected now: harmless.
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}

const identity = (value) => value;
/** Open transactions: the PGlite transaction handle and how to end it. */
const transactions = new Map();

// The types drizzle asks every query to leave as text (workerData.rawTextTypes, see
// pglite-thread.ts): this database's own parser table leaves them as text, so such a query passes
// no parsers. PGlite copies its whole table (a parser for every array type, hundreds) into a new
// object for each query that passes some: 12 % of this thread's time under load (bench:shared).
// The rare caller that wants them parsed gets PGlite's own parsers back for that query.
const USUALLY_RAW = workerData.rawTextTypes;
const parsedByDefault = await defaultParsers(USUALLY_RAW);
for (const type of USUALLY_RAW) db.parsers[type] = identity;

/** PGlite's own parsers for `list`, arrays bound to their elements' own parsers (PGlite's look theirs up when called). */
async function defaultParsers(list) {
  const { rows } = await db.query("SELECT oid::int AS type, typelem::int AS element FROM pg_type WHERE oid = ANY($1::int[]) AND typcategory = 'A'", [list]);
  const elementOf = new Map(rows.map((row) => [row.type, row.element]));
  return Object.fromEntries(
    list.map((type) => {
      if (!elementOf.has(type)) return [type, db.parsers[type] ?? identity];
      const parseElement = db.parsers[elementOf.get(type)] ?? identity;
      return [type, (value) => types.arrayParser(value, parseElement, type)];
    }),
  );
}

function queryOptions(options) {
  // Parsers cannot cross threads; the caller names the types to leave as raw text.
  const raw = new Set(options?.rawTypes ?? []);
  const parsers = {};
  for (const type of USUALLY_RAW) if (!raw.has(type)) parsers[type] = parsedByDefault[type];
  for (const type of raw) if (!USUALLY_RAW.includes(type)) parsers[type] = identity;
  return Object.keys(parsers).length > 0 ? { rowMode: options?.rowMode, parsers } : { rowMode: options?.rowMode };
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
        // Dates parsed, as a query without options gets them.
        result = (await target.exec(message.sql, { parsers: parsedByDefault })).map(plain);
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
