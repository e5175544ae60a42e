import "server-only";
import type { UsageReportQuery } from "@/lib/schemas/usage-report";
import type { ServerTranslator } from "@/lib/server/i18n";
import { breakdownCsv, csvFileName, daysCsv } from "@/lib/server/present/usage-csv";
import { usageBreakdown, usageByDay } from "@/lib/server/queries/usage-report";
import { USAGE_EXPORT_MAX_ROWS } from "@/lib/usage-report";
import { everyDay, reportRange, type ReportOptions } from "./build-usage-report";

/**
 * The usage screen's view as a CSV file: the days of the range, or every group of the breakdown
 * (not only the page on screen), sorted as on screen.
 */
export async function exportUsageReport(
  query: UsageReportQuery & { table: "days" | "breakdown" },
  t: ServerTranslator,
  options: ReportOptions = {},
): Promise<{ fileName: string; body: string }> {
  const { range, source } = await reportRange(query, options);
  if (query.table === "days") {
    const { days } = await usageByDay({ range, source });
    return { fileName: csvFileName("days", range), body: daysCsv(everyDay(range, days), t) };
  }
  const { groups } = await usageBreakdown({ range, source, dimension: query.dimension, sort: query.sort, dir: query.dir, limit: USAGE_EXPORT_MAX_ROWS, offset: 0 });
  return { fileName: csvFileName(query.dimension, range), body: breakdownCsv(query.dimension, groups, t) };
}
