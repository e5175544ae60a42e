import "server-only";
import { getDatabase, type Db } from "./client";

// Queries on the path of every chat message, built once per database and then run with
// placeholders (sql.placeholder): drizzle otherwise builds each statement's SQL text anew, which
// on a busy share link was a quarter of everything the server allocated (bench:shared).

const builtFor = new WeakMap<Db, Map<string, unknown>>();

/**
 * The query `build` makes, built on first use for the current database (tests switch databases)
 * and kept. Statements stay unnamed on PostgreSQL (`prepare("")`), so they also work through
 * connection poolers that do not keep named statements between transactions.
 */
export async function prepared<Q>(key: string, build: (db: Db) => Q): Promise<Q> {
  const { db } = await getDatabase();
  let queries = builtFor.get(db);
  if (!queries) builtFor.set(db, (queries = new Map()));
  if (!queries.has(key)) queries.set(key, build(db));
  return queries.get(key) as Q;
}
