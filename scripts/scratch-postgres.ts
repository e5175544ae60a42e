import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A throw-away database on a PostgreSQL server (tests, the two-instance e2e, benchmarks): its URL,
 * and `drop`, which removes it even while connections to it remain. No app imports, so Playwright
 * specs and plain scripts can use it.
 */
export async function createScratchPostgres(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
