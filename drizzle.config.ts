import { defineConfig } from "drizzle-kit";

// Only generates SQL from the schema; migrations are applied by the app at start (lib/server/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/db/schema.ts",
  out: "./lib/server/db/migrations",
});
