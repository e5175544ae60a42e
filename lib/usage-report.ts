// The API-usage report's vocabulary and calendar arithmetic, shared by the screen, its API and
// the server's queries. Days are YYYY-MM-DD strings in the product's time zone (APP_TIME_ZONE).

export const USAGE_RANGE_PRESETS = ["today", "7d", "30d", "90d", "custom"] as const;
export type UsageRangePreset = (typeof USAGE_RANGE_PRESETS)[number];

export const USAGE_DIMENSIONS = ["provider", "model", "route", "user", "share", "assistant", "apiKey"] as const;
export type UsageDimension = (typeof USAGE_DIMENSIONS)[number];

/** Columns a breakdown table sorts by ("name" is the group's own label). */
export const USAGE_SORTS = ["name", "calls", "errors", "inputTokens", "outputTokens", "cost", "p50", "p95"] as const;
export type UsageSort = (typeof USAGE_SORTS)[number];

export const USAGE_PAGE_SIZE = 20;
/** A custom range spans at most this many days. */
export const USAGE_MAX_RANGE_DAYS = 366;
/** The CSV export holds at most this many groups. */
export const USAGE_EXPORT_MAX_ROWS = 100_000;
/**
 * Up to this many calls in a range, latency percentiles are computed exactly from the calls
 * themselves; above it, from the rollup's latency histogram (see LATENCY_BUCKET_BOUNDS_MS).
 */
export const USAGE_EXACT_LATENCY_MAX_CALLS = 10_000;

/**
 * Lower bounds (ms) of the latency histogram's buckets after the first ([0, 10) ms); the last
 * bucket, from 200 s, has no upper bound. The rollup triggers and api_usage_latency_percentile()
 * in the migration that made api_usage_rollup carry the same list (tests/unit pins them).
 */
export const LATENCY_BUCKET_BOUNDS_MS = [
  10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 7_500, 10_000, 15_000,
  20_000, 30_000, 40_000, 50_000, 75_000, 100_000, 150_000, 200_000,
] as const;

/** The provider the built-in offline model reports: its calls cost nothing. */
export const OFFLINE_PROVIDER = "offline";

export interface UsageRange {
  from: string;
  to: string;
  /** Number of calendar days, both ends included. */
  days: number;
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 1 (Monday) to 7 (Sunday). */
function isoWeekday(day: string): number {
  return ((new Date(dayNumber(day) * DAY_MS).getUTCDay() + 6) % 7) + 1;
}

/** The range a preset names, ending today; a custom range as given. */
export function resolveUsageRange(preset: UsageRangePreset, today: string, custom?: { from: string; to: string }): UsageRange {
  const span = preset === "today" ? 1 : preset === "7d" ? 7 : preset === "30d" ? 30 : preset === "90d" ? 90 : 0;
  const from = span ? addDays(today, 1 - span) : custom!.from;
  const to = span ? today : custom!.to;
  return { from, to, days: daysBetween(from, to) + 1 };
}

/** Every day of a range, in order. */
export function daysOf(range: Pick<UsageRange, "from" | "to">): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) out.push(day);
  return out;
}

export interface RollupSpans {
  /** Mondays of the whole weeks inside the range: [first, last], or null when there are none. */
  weeks: [string, string] | null;
  /** The days outside those weeks, as inclusive [from, to] spans (at most two). */
  days: [string, string][];
}

/**
 * How to read a range from the rollup with the fewest rows: whole Monday-to-Sunday weeks from the
 * week rows, the days before and after them from the day rows.
 */
export function rollupSpans(range: Pick<UsageRange, "from" | "to">): RollupSpans {
  const firstMonday = addDays(range.from, (8 - isoWeekday(range.from)) % 7);
  const lastSunday = addDays(range.to, -(isoWeekday(range.to) % 7));
  if (daysBetween(firstMonday, lastSunday) < 6) return { weeks: null, days: [[range.from, range.to]] };
  const days: [string, string][] = [];
  if (firstMonday > range.from) days.push([range.from, addDays(firstMonday, -1)]);
  if (lastSunday < range.to) days.push([addDays(lastSunday, 1), range.to]);
  return { weeks: [firstMonday, addDays(lastSunday, -6)], days };
}
