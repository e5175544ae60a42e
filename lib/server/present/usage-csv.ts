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

// What a group of a dimension with names is called when its calls had none, or it is gone.
const NAMELESS = {
  user: { none: "usage.noUser", deleted: "usage.deletedUser" },
  share: { none: "usage.noShare", deleted: "usage.deletedShare" },
  assistant: { none: "usage.noAssistant", deleted: "usage.deletedAssistant" },
  apiKey: { none: "usage.noApiKey", deleted: "usage.deletedApiKey" },
} as const;

/** What a group is called on the screen, in the reader's language. */
export function groupLabel(dimension: UsageDimension, group: UsageGroup, t: ServerTranslator): string {
  if (dimension in NAMELESS) {
    const nameless = NAMELESS[dimension as keyof typeof NAMELESS];
    if (group.key === "") return t(nameless.none);
    if (dimension === "assistant" && group.label === "") return t("usage.unnamedAssistant");
    return group.label ?? t(nameless.deleted);
  }
  return group.key;
}

/** The columns after a group's name: what tells it apart, and its id where it has one. */
function detailColumns(dimension: UsageDimension, t: ServerTranslator): { header: string[]; cells: (g: UsageGroup) => Cell[] } {
  const withId = (headers: string[]) => ({ header: headers, cells: (g: UsageGroup) => [g.detail, g.key || null] });
  switch (dimension) {
    case "user":
      return withId([t("usage.email"), t("usage.userId")]);
    case "share":
      return withId([t("usage.shareLink"), t("usage.shareId")]);
    case "assistant":
      return withId([t("usage.ownerEmail"), t("usage.assistantId")]);
    case "apiKey":
      return { header: [t("usage.keyPrefix")], cells: (g) => [g.detail] };
    case "model":
      return { header: [t("usage.providers")], cells: (g) => [g.providers] };
    default:
      return { header: [], cells: () => [] };
  }
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
  const detail = detailColumns(dimension, t);
  const header = [t(`usage.dimensions.${dimension}`), ...detail.header, ...metricHeaders(t)];
  const rows = groups.map((g) => [groupLabel(dimension, g, t), ...detail.cells(g), ...metricCells(g)]);
  return toCsv([header, ...rows]);
}

export function csvFileName(kind: "days" | UsageDimension, range: UsageRange): string {
  return `api-usage-${kind}-${range.from}-to-${range.to}.csv`;
}
