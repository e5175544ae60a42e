import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_TIME_ZONE } from "@/lib/constants";

describe("the insights rollup migration", () => {
  const migrations = path.join(import.meta.dirname, "../../lib/server/db/migrations");
  // Found by name: migrations are renumbered when branches merge.
  const file = readdirSync(migrations).find((name) => /^\d{4}_insights_rollup\.sql$/.test(name))!;
  const sql = readFileSync(path.join(migrations, file), "utf8");

  it("counts days in the product's time zone, as the insights' ranges do", () => {
    const zones = [...sql.matchAll(/AT TIME ZONE '([^']+)'/g)].map((m) => m[1]);
    expect(zones.length).toBeGreaterThanOrEqual(5);
    expect(new Set(zones)).toEqual(new Set([APP_TIME_ZONE]));
  });

  it("keeps the rollup on every kind of change to messages", () => {
    for (const event of ["INSERT", "UPDATE", "DELETE"]) expect(sql).toMatch(new RegExp(`AFTER ${event} ON messages REFERENCING .* FOR EACH STATEMENT`));
  });
});
