// Creates a new embedded database in the directory given (argv[2]) and exits. Run as a process of
// its own by lib/server/db/pglite-thread.ts on a first start: PGlite makes a database with a
// second, temporary PostgreSQL (initdb) that needs several hundred MB, and memory a process
// has used goes back to the system only when it exits.
import { PGlite } from "@electric-sql/pglite";

const db = new PGlite(process.argv[2]);
await db.waitReady;
await db.close();
