"use client";

import { useTranslations } from "next-intl";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { UsageGroup } from "@/lib/server/present/api-types";
import type { UsageDimension, UsageSort } from "@/lib/usage-report";
import { cn } from "@/lib/utils";
import { useUsageFormat } from "./use-usage-format";

const COLUMNS: readonly UsageSort[] = ["name", "calls", "errors", "inputTokens", "outputTokens", "cost", "p50", "p95"];

/** Text first, numbers largest first: the direction a column sorts in when first chosen. */
export const FIRST_DIRECTION = (column: UsageSort) => (column === "name" ? "asc" : "desc");

// What a group of a dimension with names is called when its calls had none, or it is gone.
const NAMELESS = {
  user: { none: "noUser", deleted: "deletedUser" },
  share: { none: "noShare", deleted: "deletedShare" },
  assistant: { none: "noAssistant", deleted: "deletedAssistant" },
  apiKey: { none: "noApiKey", deleted: "deletedApiKey" },
} as const;

function GroupName({ dimension, group }: { dimension: UsageDimension; group: UsageGroup }) {
  const t = useTranslations("usage");
  const f = useUsageFormat();
  let name: string = group.key;
  let detail: string | null = null;
  let muted = false;
  if (dimension === "route") {
    name = f.route(group.key);
    detail = name === group.key ? null : group.key;
  } else if (dimension === "model") {
    detail = group.providers;
  } else if (dimension in NAMELESS) {
    const nameless = NAMELESS[dimension as keyof typeof NAMELESS];
    muted = group.key === "" || group.label === null;
    name = group.key === "" ? t(nameless.none) : group.label === null ? t(nameless.deleted) : dimension === "assistant" && group.label === "" ? t("unnamedAssistant") : group.label;
    detail = group.key === "" ? null : group.detail;
  }
  return (
    <div className="min-w-0">
      <div className={cn("truncate font-medium", muted && "text-muted-foreground italic")}>{name}</div>
      {detail ? <div className="truncate text-xs text-muted-foreground">{detail}</div> : null}
    </div>
  );
}

/** One page of the breakdown, sortable by every column (the server sorts and pages). */
export function UsageBreakdownTable({
  dimension,
  groups,
  sort,
  dir,
  onSort,
}: {
  dimension: UsageDimension;
  groups: UsageGroup[];
  sort: UsageSort;
  dir: "asc" | "desc";
  onSort: (sort: UsageSort, dir: "asc" | "desc") => void;
}) {
  const t = useTranslations("usage");
  const f = useUsageFormat();
  const header = (column: UsageSort) => (column === "name" ? t(`dimensions.${dimension}`) : t(column));
  const dimensionName = t(`dimensions.${dimension}`);

  return (
    <div
      role="region"
      aria-label={t("tableLabel", { dimension: dimensionName })}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      data-testid="usage-table"
    >
      <table className="w-full min-w-[760px] text-sm">
        <caption className="sr-only">{t("tableLabel", { dimension: dimensionName })}</caption>
        <thead className="border-b bg-muted text-xs text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => {
              const active = column === sort;
              const Icon = active ? (dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
                  className={cn("px-2 py-2 font-medium", column === "name" ? "sticky left-0 z-10 bg-muted text-left" : "text-right")}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column, active ? (dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION(column))}
                    className={cn(
                      "inline-flex items-center gap-1 rounded px-1 py-1 whitespace-nowrap outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring",
                      active && "text-foreground",
                      column !== "name" && "flex-row-reverse",
                    )}
                    data-testid={`usage-sort-${column}`}
                  >
                    {header(column)}
                    <Icon className={cn("size-3.5", !active && "opacity-50")} aria-hidden />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y">
          {groups.map((group, index) => (
            <tr key={group.key || "(none)"} data-testid={`usage-row-${index}`} data-key={group.key}>
              <td className="sticky left-0 z-10 max-w-56 bg-card px-3 py-2.5">
                <GroupName dimension={dimension} group={group} />
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums" data-testid={`usage-row-${index}-calls`}>
                {f.count(group.calls)}
              </td>
              <td className={cn("px-3 py-2.5 text-right tabular-nums", group.errors > 0 && "text-destructive")}>
                {f.count(group.errors)}
                {group.calls > 0 && group.errors > 0 ? <span className="ml-1 text-xs text-muted-foreground">({f.percent(group.errors, group.calls)})</span> : null}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">{f.count(group.inputTokens)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{f.count(group.outputTokens)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums" data-testid={`usage-row-${index}-cost`}>
                {f.usd(group.cost)}
                {group.unpricedCalls > 0 ? (
                  <span className="ml-0.5 text-muted-foreground" title={t("unpriced", { count: group.unpricedCalls })}>
                    *
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">{f.ms(group.p50)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{f.ms(group.p95)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
