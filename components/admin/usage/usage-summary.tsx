"use client";

import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import type { UsageMetrics } from "@/lib/server/present/api-types";
import { cn } from "@/lib/utils";
import { useUsageFormat } from "./use-usage-format";

function Figure({ label, value, detail, testId, tone }: { label: string; value: string; detail?: string; testId: string; tone?: "warning" }) {
  return (
    <Card className="gap-1 px-4 py-4" data-testid={testId}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </span>
      {detail ? <span className={cn("text-xs text-muted-foreground tabular-nums", tone === "warning" && "text-destructive")}>{detail}</span> : null}
    </Card>
  );
}

/** The range's key numbers. */
export function UsageSummary({ totals }: { totals: UsageMetrics }) {
  const t = useTranslations("usage");
  const f = useUsageFormat();
  return (
    <section aria-label={t("title")} className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <Figure label={t("calls")} value={f.count(totals.calls)} testId="usage-total-calls" />
      <Figure
        label={t("errors")}
        value={f.count(totals.errors)}
        detail={t("errorRate", { rate: f.percent(totals.errors, totals.calls) })}
        tone={totals.errors > 0 ? "warning" : undefined}
        testId="usage-total-errors"
      />
      <Figure label={t("inputTokens")} value={f.compact(totals.inputTokens)} detail={f.count(totals.inputTokens)} testId="usage-total-input" />
      <Figure label={t("outputTokens")} value={f.compact(totals.outputTokens)} detail={f.count(totals.outputTokens)} testId="usage-total-output" />
      <Figure label={`${t("p50")} / p95`} value={f.ms(totals.p50)} detail={`p95 ${f.ms(totals.p95)}`} testId="usage-total-latency" />
      <Figure label={t("cost")} value={f.usd(totals.cost)} testId="usage-total-cost" />
    </section>
  );
}
