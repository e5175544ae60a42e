import "server-only";
import type { ServerTranslator } from "@/lib/server/i18n";
import type { UsageDay, UsageGroup } from "@/lib/server/queries/usage-report";
import type { UsageDimension, UsageRange } from "@/lib/usage-report";
import { csvLine, type CsvValue } from "@/lib/server/export/csv";

// The usage report as CSV, for a spreadsheet: a byte-order mark so Excel reads UTF-8 (Chinese
// names), CRLF line ends, every cell quoted and formula-defused (lib/server/export/csv.ts: a user
// may call themselves "x;=1+1;" or "=HYPERLINK(…)").

type Cell = CsvValue;

export function toCsv(rows: Cell[][]): string {
  return `\uFEFF${rows.map(csvLine).join("")}`;
}

const money = (n: number) => Math.round(n * 1_000_000) / 1_000_000;
const ms = (n: number | null) => (n === null ? null : Math.round(n));

/** What a group is called on the screen, in the reader's language. */
export function groupLabel(dimension: UsageDimension, group: UsageGroup, t: ServerTranslator): string {
  if (dimension === "user" || dimension === "share") {
    if (group.key === "") return t(dimension === "user" ? "usage.noUser" : "usage.noShare");
    return group.label ?? t(dimension === "user" ? "usage.deletedUser" : "usage.deletedShare");
  }
  return group.key;
}

function metricHeaders(t: ServerTranslator) {
  return [t("usage.calls"), t("usage.errors"), t("usage.inputTokens"), t("usage.outputTokens"), t("usage.costUsd"), t("usage.p50Ms"), t("usage.p95Ms")];
}

function metricCells(m: UsageDay | UsageGroup): Cell[] {
  return [m.calls, m.errors, m.inputTokens, m.outputTokens, money(m.cost), ms(m.p50), ms(m.p95)];
}

export function daysCsv(days: UsageDay[], t: ServerTranslator): string {
  return toCsv([[t("usage.day"), ...metricHeaders(t)], ...days.map((d) => [d.day, ...metricCells(d)])]);
}

export function breakdownCsv(dimension: UsageDimension, groups: UsageGroup[], t: ServerTranslator): string {
  const detailHeader = dimension === "user" ? [t("usage.email"), t("usage.userId")] : dimension === "share" ? [t("usage.shareLink"), t("usage.shareId")] : dimension === "model" ? [t("usage.providers")] : [];
  const header = [t(`usage.dimensions.${dimension}`), ...detailHeader, ...metricHeaders(t)];
  const rows = groups.map((g) => {
    const detail = dimension === "user" || dimension === "share" ? [g.detail, g.key || null] : dimension === "model" ? [g.providers] : [];
    return [groupLabel(dimension, g, t), ...detail, ...metricCells(g)];
  });
  return toCsv([header, ...rows]);
}

export function csvFileName(kind: "days" | UsageDimension, range: UsageRange): string {
  return `api-usage-${kind}-${range.from}-to-${range.to}.csv`;
}
