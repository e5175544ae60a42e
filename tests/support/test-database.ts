import { inject } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "@/lib/server/db/client";
import { resetAuthSecretCache } from "@/lib/server/auth/secret";
import { createScratchPostgres } from "../../scripts/scratch-postgres";

// Each test file gets a database of its own: an in-memory PGlite by default, or a fresh database
// on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).

export async function createTestDatabase(): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // The migrated database pglite-snapshot.ts saved for this run.
    const handle = await openDatabase({ memory: true, snapshot: inject("pgliteSnapshot") || undefined });
    return { ...handle, drop: handle.close };
  }
  const scratch = await createScratchPostgres(serverUrl, "test");
  const handle = await openDatabase({ url: scratch.url });
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export async function installTestDatabase() {
  const handle = await createTestDatabase();
  setDatabase(handle);
  resetAuthSecretCache();
  return handle;
}
