import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import * as schema from "./schema";
import { log } from "@/lib/server/log";
import { isAlive } from "@/lib/server/process-alive";
import { migrationsFolder } from "./migrate";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * A parameterised statement written in SQL, past drizzle: for hot statements whose text is made
   * once (rate limits). Timestamps come back as Date (PostgreSQL) or as text (embedded).
   */
  query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  close: () => Promise<void>;
}

// A PGlite directory must never be opened by two processes at once: the second would corrupt it.
// The lock names the owning pid; a lock left by a process that no longer runs (kill -9) is taken over.
function takePgliteLock(dataDir: string) {
  const lockFile = path.join(dataDir, "pglite.lock");
  try {
    const pid = Number(fs.readFileSync(lockFile, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (Number(fs.readFileSync(lockFile, "utf8")) === process.pid) fs.unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

/**
 * Opens a database and applies every pending migration. `memory` gives a throw-away PGlite,
 * started from `snapshot` (a dumpDataDir tarball) when one is named.
 */
export async function openDatabase(options: { url?: string; dataDir?: string; memory?: boolean; snapshot?: string; poolSize?: number }): Promise<DatabaseHandle> {
  if (options.url) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.url, max: options.poolSize ?? env.DATABASE_POOL_SIZE });
    // An idle connection the server drops (restart, failover, admin command) must not take the
    // process down: the pool replaces it on the next query.
    pool.on("error", (error) => log.warn("idle database connection lost", { error: error.message }));
    const db = drizzle(pool, { schema }) as unknown as Db;
    // Several instances may start together: one applies the migrations, the others wait.
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(727274)");
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
      client.release();
    }
    return { db, kind: "postgres", query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }

  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { RAW_TEXT_OPTIONS, startPgliteThread } = await import("./pglite-thread");
  let release = () => {};
  let pgdata: string | null = null;
  if (!options.memory) {
    const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR);
    fs.mkdirSync(dataDir, { recursive: true });
    release = takePgliteLock(dataDir);
    pgdata = path.join(dataDir, "pgdata");
  }
  // PGlite runs on a thread of its own, so its work does not hold up the requests in between.
  const client = await startPgliteThread(pgdata, options.memory ? options.snapshot : undefined).catch((error) => {
    release();
    throw error;
  });
  const db = drizzle({ client: client as never, schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    query: (text, params) => client.query(text, params, RAW_TEXT_OPTIONS) as Promise<{ rows: Record<string, unknown>[] }>,
    close: async () => {
      await client.close();
      release();
    },
  };
}

// Survives Next's module reloading in development, so one process opens the database once.
const globalForDb = globalThis as unknown as { __dbHandle?: Promise<DatabaseHandle> };

export function getDatabase(): Promise<DatabaseHandle> {
  if (!globalForDb.__dbHandle) {
    const opening = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
    globalForDb.__dbHandle = opening.catch((error) => {
      globalForDb.__dbHandle = undefined;
      throw error;
    });
    // scripts/server.ts closes the database cleanly on SIGTERM/SIGINT through this hook.
    (globalThis as { __dbShutdown?: () => Promise<void> }).__dbShutdown = async () => (await opening).close();
  }
  return globalForDb.__dbHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

// Short-lived copies of database values (settings, retrieval stamps) drop themselves when the
// database is switched, so nothing read from the old one is served.
const switchListeners = new Set<() => void>();
export function onDatabaseSwitch(listener: () => void) {
  switchListeners.add(listener);
}

/** Tests install their own fresh database. */
export function setDatabase(handle: DatabaseHandle | undefined) {
  globalForDb.__dbHandle = handle ? Promise.resolve(handle) : undefined;
  for (const listener of switchListeners) listener();
}
