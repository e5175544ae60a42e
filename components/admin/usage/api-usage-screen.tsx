"use client";

import { useEffect, useState } from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { Download, Info } from "lucide-react";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { PageHeader } from "@/components/layout/page-header";
import { Pagination } from "@/components/layout/pagination";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { jsonFetcher } from "@/lib/fetcher";
import type { UsageReportQuery } from "@/lib/schemas/usage-report";
import type { UsageReport } from "@/lib/server/present/api-types";
import { USAGE_DIMENSIONS, type UsageDimension } from "@/lib/usage-report";
import { ModelPriceEditor } from "./model-price-editor";
import { SegmentedChoice } from "./segmented-choice";
import { UsageBreakdownTable } from "./usage-breakdown-table";
import { UsageDayChart } from "./usage-day-chart";
import { UsageRangePicker } from "./usage-range-picker";
import { UsageSummary } from "./usage-summary";
import { useUsageFormat } from "./use-usage-format";

/** The query as URL parameters, defaults left out (the address bar stays short and shareable). */
function toParams(query: UsageReportQuery, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  params.set("range", query.range);
  if (query.range === "custom" && query.from && query.to) {
    params.set("from", query.from);
    params.set("to", query.to);
  }
  params.set("dimension", query.dimension);
  params.set("sort", query.sort);
  params.set("dir", query.dir);
  if (query.page > 0) params.set("page", String(query.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params;
}

/** /admin/api-usage: the range's numbers, its days as a chart, a breakdown table and the model prices. */
export function ApiUsageScreen({ initialQuery }: { initialQuery: UsageReportQuery }) {
  const t = useTranslations("usage");
  const f = useUsageFormat();
  const [query, setQuery] = useState(initialQuery);
  const params = toParams(query).toString();
  const { data, error, isLoading, isValidating, mutate } = useSWR<UsageReport>(`/api/admin/api-usage?${params}`, jsonFetcher, {
    keepPreviousData: true,
    revalidateIfStale: true,
  });

  // The address bar follows the view without a navigation, so a reload or a shared link shows it again.
  useEffect(() => {
    window.history.replaceState(window.history.state, "", `${window.location.pathname}?${params}`);
  }, [params]);

  const update = (changes: Partial<UsageReportQuery>) => setQuery((q) => ({ ...q, page: 0, ...changes }));
  const pages = data ? Math.max(1, Math.ceil(data.breakdown.total / data.breakdown.pageSize)) : 1;
  const csv = (table: "days" | "breakdown") => `/api/admin/api-usage/export?${toParams(query, { table })}`;

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />

      <div className="mb-6 flex flex-col gap-2">
        <UsageRangePicker
          value={{ range: query.range, from: query.from, to: query.to }}
          resolved={data?.range}
          onChange={(range) => update({ range: range.range, from: range.from, to: range.to })}
        />
        <div className="flex min-h-5 items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          {data ? <span data-testid="usage-range-shown">{t("showing", { from: data.range.from, to: data.range.to })}</span> : null}
          {isValidating && data ? <Spinner className="size-4" /> : null}
        </div>
      </div>

      {!data && isLoading ? (
        <DataLoading />
      ) : !data && error ? (
        <DataLoadError message={t("loadFailed")} onRetry={() => void mutate()} testId="usage-load-error" />
      ) : data ? (
        <div className="flex flex-col gap-6">
          <UsageSummary totals={data.totals} />
          <div className="-mt-3 flex flex-col gap-1 text-xs text-muted-foreground">
            <p className="flex items-start gap-1.5" data-testid="usage-latency-note">
              <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              {data.latency === "exact" ? t("latencyExact") : t("latencyEstimated")}
            </p>
            {data.totals.unpricedCalls > 0 ? (
              <p className="flex items-start gap-1.5" data-testid="usage-unpriced-note">
                <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                {t("unpriced", { count: data.totals.unpricedCalls })}
              </p>
            ) : null}
          </div>

          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
              <CardTitle>{t("chart.title")}</CardTitle>
              <Button asChild variant="outline" size="sm">
                <a href={csv("days")} download data-testid="usage-csv-days">
                  <Download aria-hidden />
                  {t("downloadDaysCsv")}
                </a>
              </Button>
            </CardHeader>
            <CardContent>
              {data.totals.calls === 0 ? (
                <p className="py-12 text-center text-sm text-muted-foreground" data-testid="usage-empty">
                  {t("empty")}
                </p>
              ) : (
                <UsageDayChart days={data.days} />
              )}
            </CardContent>
          </Card>

          <section aria-labelledby="usage-breakdown-title" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="usage-breakdown-title" className="text-base font-semibold">
                {t("breakdown")}
              </h2>
              <Button asChild variant="outline" size="sm">
                <a href={csv("breakdown")} download data-testid="usage-csv">
                  <Download aria-hidden />
                  {t("downloadCsv")}
                </a>
              </Button>
            </div>
            <SegmentedChoice<UsageDimension>
              label={t("dimensionLabel")}
              options={USAGE_DIMENSIONS.map((d) => ({ value: d, label: t(`dimensions.${d}`) }))}
              value={query.dimension}
              onChange={(dimension) => update({ dimension })}
              testIdPrefix="usage-dimension"
            />
            {data.breakdown.groups.length === 0 ? (
              <Card className="items-center px-5 py-10 text-center text-sm text-muted-foreground" data-testid="usage-table-empty">
                {t("empty")}
              </Card>
            ) : (
              <UsageBreakdownTable
                dimension={data.breakdown.dimension}
                groups={data.breakdown.groups}
                sort={data.breakdown.sort}
                dir={data.breakdown.dir}
                onSort={(sort, dir) => update({ sort, dir })}
              />
            )}
            <Pagination
              page={query.page}
              pages={pages}
              onPage={(page) => setQuery((q) => ({ ...q, page }))}
              label={t("pagination")}
              position={t("pageStatus", { page: query.page + 1, pages, total: f.count(data.breakdown.total) })}
              testId="usage-pagination"
            />
          </section>

          <ModelPriceEditor />
        </div>
      ) : null}
    </>
  );
}
