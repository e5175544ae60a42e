import { randomBytes } from "node:crypto";
import { openDatabase, setDatabase, type DatabaseHandle } from "@/lib/server/db/client";
import { resetAuthSecretCache } from "@/lib/server/auth/secret";

// Each test file gets a database of its own: an in-memory PGlite by default, or a fresh database
// on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).

export async function createTestDatabase(): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true });
    return { ...handle, drop: handle.close };
  }
  const { Client } = await import("pg");
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function installTestDatabase() {
  const handle = await createTestDatabase();
  setDatabase(handle);
  resetAuthSecretCache();
  return handle;
}
