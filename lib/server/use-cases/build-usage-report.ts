import "server-only";
import { calendarDay } from "@/lib/checkin-streak";
import type { UsageReportQuery } from "@/lib/schemas/usage-report";
import type { UsageReport } from "@/lib/server/present/usage-report";
import {
  countUsageCalls,
  usageBreakdown,
  usageByDay,
  type UsageDay,
  type UsageMetrics,
  type UsageSource,
} from "@/lib/server/queries/usage-report";
import {
  USAGE_EXACT_LATENCY_MAX_CALLS,
  USAGE_PAGE_SIZE,
  daysOf,
  resolveUsageRange,
  type UsageRange,
} from "@/lib/usage-report";

export interface ReportOptions {
  /** The moment "today" is taken from (tests). */
  now?: Date;
  /** Calls up to which percentiles are exact (tests use 0 to read the rollup). */
  exactMaxCalls?: number;
}

const EMPTY: UsageMetrics = { calls: 0, errors: 0, inputTokens: 0, outputTokens: 0, cost: 0, unpricedCalls: 0, p50: null, p95: null };

export async function reportRange(query: Pick<UsageReportQuery, "range" | "from" | "to">, options: ReportOptions = {}) {
  const today = calendarDay(options.now ?? new Date());
  const range = resolveUsageRange(query.range, today, query.from && query.to ? { from: query.from, to: query.to } : undefined);
  const calls = await countUsageCalls(range);
  const source: UsageSource = calls <= (options.exactMaxCalls ?? USAGE_EXACT_LATENCY_MAX_CALLS) ? "raw" : "rollup";
  return { range, source };
}

/** The usage screen's whole view: totals, the days, and one page of the breakdown. */
export async function buildUsageReport(query: UsageReportQuery, options: ReportOptions = {}): Promise<UsageReport> {
  const { range, source } = await reportRange(query, options);
  const [series, breakdown] = await Promise.all([
    usageByDay({ range, source }),
    usageBreakdown({
      range,
      source,
      dimension: query.dimension,
      sort: query.sort,
      dir: query.dir,
      limit: USAGE_PAGE_SIZE,
      offset: query.page * USAGE_PAGE_SIZE,
    }),
  ]);
  return {
    range,
    latency: source === "raw" ? "exact" : "histogram",
    totals: series.totals,
    days: everyDay(range, series.days),
    breakdown: { dimension: query.dimension, sort: query.sort, dir: query.dir, page: query.page, pageSize: USAGE_PAGE_SIZE, ...breakdown },
  };
}

export function everyDay(range: UsageRange, days: UsageDay[]): UsageDay[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return daysOf(range).map((day) => byDay.get(day) ?? { day, ...EMPTY });
}
