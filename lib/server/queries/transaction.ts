import "server-only";
import { getDb, type Db } from "@/lib/server/db/client";

/**
 * Runs several queries as one transaction: each query takes `tx` as its database, and a throw
 * rolls all of them back. For use cases whose steps must happen together or not at all.
 */
export async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  // Drizzle types the transaction handle apart from the database; the queries accept either.
  return db.transaction((tx) => work(tx as unknown as Db));
}
