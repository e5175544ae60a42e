// Makes the migrated embedded database that the end-to-end suite's extra instances start from
// (support/data-template.ts): argv[2] is the new database's directory, argv[3] the migrations.
// A process of its own, as the server does its first start (lib/server/db/worker/pglite-initdb.mjs):
// the temporary PostgreSQL of initdb needs several hundred MB.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const [pgdata, migrationsFolder] = process.argv.slice(2);
const client = new PGlite(pgdata);
await migrate(drizzle({ client }), { migrationsFolder });
await client.close();
