import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_TIME_ZONE } from "@/lib/constants";
import { LATENCY_HISTOGRAM_COLUMNS } from "@/lib/server/db/schema";
import { LATENCY_BUCKET_BOUNDS_MS, addDays, daysOf, isCalendarDay, resolveUsageRange, rollupSpans } from "@/lib/usage-report";

describe("usage report ranges", () => {
  it("resolves presets to Taipei days ending today, custom ranges as given", () => {
    expect(resolveUsageRange("today", "2026-03-01")).toEqual({ from: "2026-03-01", to: "2026-03-01", days: 1 });
    expect(resolveUsageRange("7d", "2026-03-01")).toEqual({ from: "2026-02-23", to: "2026-03-01", days: 7 });
    expect(resolveUsageRange("30d", "2026-03-01")).toEqual({ from: "2026-01-31", to: "2026-03-01", days: 30 });
    expect(resolveUsageRange("90d", "2024-03-01")).toEqual({ from: "2023-12-03", to: "2024-03-01", days: 90 });
    expect(resolveUsageRange("custom", "2026-03-01", { from: "2025-12-30", to: "2026-01-02" })).toEqual({ from: "2025-12-30", to: "2026-01-02", days: 4 });
  });

  it("accepts only real calendar days", () => {
    for (const day of ["2024-02-29", "2026-12-31", "2026-01-01"]) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ["2026-02-29", "2026-13-01", "2026-1-01", "20260101", "2026-01-01T00:00", ""]) expect(isCalendarDay(day), day).toBe(false);
  });

  it("lists every day of a range across month and year ends", () => {
    expect(daysOf({ from: "2025-12-30", to: "2026-01-02" })).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});

describe("rollupSpans", () => {
  // 2026-03-09 is a Monday.
  it("takes whole Monday-to-Sunday weeks from the week rows and the rest from day rows", () => {
    expect(rollupSpans({ from: "2026-03-09", to: "2026-03-15" })).toEqual({ weeks: ["2026-03-09", "2026-03-09"], days: [] });
    expect(rollupSpans({ from: "2026-03-08", to: "2026-03-16" })).toEqual({
      weeks: ["2026-03-09", "2026-03-09"],
      days: [
        ["2026-03-08", "2026-03-08"],
        ["2026-03-16", "2026-03-16"],
      ],
    });
    expect(rollupSpans({ from: "2026-03-04", to: "2026-04-01" })).toEqual({
      weeks: ["2026-03-09", "2026-03-23"],
      days: [
        ["2026-03-04", "2026-03-08"],
        ["2026-03-30", "2026-04-01"],
      ],
    });
  });

  it("reads day rows only when no whole week fits", () => {
    expect(rollupSpans({ from: "2026-03-10", to: "2026-03-16" })).toEqual({ weeks: null, days: [["2026-03-10", "2026-03-16"]] });
    expect(rollupSpans({ from: "2026-03-11", to: "2026-03-11" })).toEqual({ weeks: null, days: [["2026-03-11", "2026-03-11"]] });
  });

  it("covers every day of a range exactly once", () => {
    for (let start = 0; start < 14; start++) {
      for (let length = 1; length <= 40; length++) {
        const range = { from: addDays("2026-03-01", start), to: addDays("2026-03-01", start + length - 1) };
        const spans = rollupSpans(range);
        const covered = spans.days.flatMap(([from, to]) => daysOf({ from, to }));
        if (spans.weeks) covered.push(...daysOf({ from: spans.weeks[0], to: addDays(spans.weeks[1], 6) }));
        expect(covered.sort(), JSON.stringify(range)).toEqual(daysOf(range));
      }
    }
  });
});

// The migration that made the rollup and the one that rewrote its trigger for the assistant and
// API key breakdowns: both bucket and count days alike.
describe.each(["usage_rollup", "usage_by_assistant"])("the rollup migration %s", (name) => {
  const migrations = path.join(import.meta.dirname, "../../lib/server/db/migrations");
  // Found by name: migrations are renumbered when branches merge.
  const file = readdirSync(migrations).find((f) => f.replace(/^\d{4}_/, "") === `${name}.sql`)!;
  const sql = readFileSync(path.join(migrations, file), "utf8");

  it("buckets latencies with the bounds the report documents, one column per bucket", () => {
    const arrays = [...sql.matchAll(/ARRAY\[([\d, ]+)\]/g)].map((m) => m[1].split(",").map((n) => Number(n.trim())));
    expect(arrays.length).toBeGreaterThanOrEqual(4);
    for (const bounds of arrays) expect(bounds.filter((n) => n !== 0)).toEqual([...LATENCY_BUCKET_BOUNDS_MS]);
    expect(LATENCY_BUCKET_BOUNDS_MS.length + 1).toBe(LATENCY_HISTOGRAM_COLUMNS);
  });

  it("counts days in the product's time zone", () => {
    const zones = [...sql.matchAll(/AT TIME ZONE '([^']+)'/g)].map((m) => m[1]);
    expect(zones.length).toBeGreaterThanOrEqual(4);
    expect(new Set(zones)).toEqual(new Set([APP_TIME_ZONE]));
  });
});
