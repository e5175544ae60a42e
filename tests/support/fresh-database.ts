import { getDatabase, setDatabase } from "@/lib/server/db/client";
import { resetAuthSecretCache } from "@/lib/server/auth/secret";
import { installTestDatabase } from "./test-database";

/**
 * Runs `fn` against a brand-new empty database, then puts the file's database back. For tests
 * that need a known starting state (no users, exactly one admin) in a file whose database other
 * tests have already filled.
 */
export async function withFreshDatabase<T>(fn: () => Promise<T>): Promise<T> {
  const previous = await getDatabase();
  const fresh = await installTestDatabase();
  try {
    return await fn();
  } finally {
    setDatabase(previous);
    resetAuthSecretCache();
    await fresh.drop();
  }
}
