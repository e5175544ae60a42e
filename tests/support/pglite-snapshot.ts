import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { migrationsFolder } from "@/lib/server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated embedded database's tarball, empty on a PostgreSQL pass. */
    pgliteSnapshot: string;
  }
}

// Vitest's global setup for the integration suites on the embedded database: one migrated
// database, made once and saved as a tarball, that every test file's in-memory database starts
// from. A new in-memory PGlite runs initdb and then the migrations, 2–3 s per file on these
// machines (about fifty files a pass); loading the tarball takes about half of that.

export default async function makeSnapshot(project: TestProject) {
  project.provide("pgliteSnapshot", "");
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), "docchat-pglite-snapshot-"));
  const file = path.join(dir, "migrated.tar");
  const pg = new PGlite();
  try {
    await migrate(drizzle({ client: pg }), { migrationsFolder });
    writeFileSync(file, Buffer.from(await (await pg.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await pg.close();
  }
  project.provide("pgliteSnapshot", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
