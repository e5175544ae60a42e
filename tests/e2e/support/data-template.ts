import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_PORT } from "./ports";

// A fresh instance on the embedded database first creates it (initdb) and applies every migration:
// about 14 of the 23 s such an instance took to answer its health check on a loaded two-core
// machine, against 9 s on a directory already made. A dozen specs start fresh instances, so the
// global setup makes one migrated database and each fresh data directory starts as a copy of it:
// still an empty install (no account, no setting), as a first start leaves it.

const root = path.resolve(import.meta.dirname, "../../..");
// Per port, as the rest of the suite's state: two checkouts' runs do not share it.
const TEMPLATE = path.join(tmpdir(), `docchat-e2e-template-${E2E_PORT}`, "pgdata");

/** The global setup's part: the migrated database, made again on every run (migrations change). */
export function makeDataTemplate() {
  rmSync(path.dirname(TEMPLATE), { recursive: true, force: true });
  mkdirSync(path.dirname(TEMPLATE), { recursive: true });
  const made = spawnSync(path.join(root, "node_modules/.bin/node"), [path.join(import.meta.dirname, "make-data-template.mjs"), TEMPLATE, path.join(root, "lib/server/db/migrations")], {
    cwd: root,
    encoding: "utf8",
  });
  if (made.status !== 0) throw new Error(`Making the e2e database template failed (${made.status ?? made.signal}): ${made.stderr}`);
}

/** Starts an empty data directory from the template; one that holds a database already is left as it is. */
export function seedDataDir(dataDir: string) {
  const pgdata = path.join(dataDir, "pgdata");
  if (existsSync(pgdata) || !existsSync(TEMPLATE)) return;
  cpSync(TEMPLATE, pgdata, { recursive: true });
}
