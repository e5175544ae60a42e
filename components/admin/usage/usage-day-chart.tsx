"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageDay } from "@/lib/server/present/api-types";
import { SegmentedChoice } from "./segmented-choice";
import { useUsageFormat } from "./use-usage-format";

const METRICS = ["calls", "tokens", "cost", "latency"] as const;
type Metric = (typeof METRICS)[number];

// Colours and text come from the theme's CSS variables, so the chart follows light and dark.
const AXIS_TICK = { fill: "var(--muted-foreground)", fontSize: 12 };
const TOOLTIP_STYLE = {
  background: "var(--popover)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  color: "var(--popover-foreground)",
  fontSize: 12,
};
const legendText = (value: string) => <span style={{ color: "var(--foreground)", fontSize: 12 }}>{value}</span>;

/** The range's days as bars (calls, tokens, cost) or lines (latency), one metric at a time. */
export function UsageDayChart({ days }: { days: UsageDay[] }) {
  const t = useTranslations("usage");
  const f = useUsageFormat();
  const [metric, setMetric] = useState<Metric>("calls");
  const captionId = useId();
  const data = days.map((d) => ({ ...d, label: f.shortDay(d.day), ok: d.calls - d.errors }));
  const valueFormat = metric === "cost" ? f.usd : metric === "latency" ? f.ms : f.count;
  const axisFormat = metric === "cost" ? (n: number) => f.usd(n) : metric === "latency" ? (n: number) => f.ms(n) : f.compact;
  const common = { data, responsive: true, style: { width: "100%", height: 280 }, margin: { top: 8, right: 8, bottom: 0, left: 4 } };
  const grid = <CartesianGrid vertical={false} stroke="var(--border)" />;
  const xAxis = <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: "var(--border)" }} minTickGap={12} />;
  const yAxis = <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={metric === "cost" ? 72 : 56} tickFormatter={axisFormat} />;
  const tooltip = (
    <Tooltip
      contentStyle={TOOLTIP_STYLE}
      labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
      itemStyle={{ color: "var(--popover-foreground)" }}
      cursor={{ fill: "var(--accent)", opacity: 0.6 }}
      labelFormatter={(_label, payload) => (payload?.[0]?.payload ? f.longDay(payload[0].payload.day) : "")}
      formatter={(value) => (typeof value === "number" ? valueFormat(value) : String(value ?? "—"))}
    />
  );
  const legend = <Legend formatter={legendText} iconType="circle" iconSize={8} itemSorter={null} />;

  return (
    <div>
      <SegmentedChoice label={t("chart.metric")} options={METRICS.map((m) => ({ value: m, label: t(`chart.${m}`) }))} value={metric} onChange={setMetric} testIdPrefix="usage-chart" />
      <figure className="mt-4" aria-labelledby={captionId} data-testid="usage-chart" data-metric={metric}>
        <figcaption id={captionId} className="sr-only">
          {t("chart.summary", { metric: t(`chart.${metric}`), from: days[0]?.day ?? "", to: days[days.length - 1]?.day ?? "", days: days.length })}
        </figcaption>
        {metric === "latency" ? (
          <LineChart {...common}>
            {grid}
            {xAxis}
            {yAxis}
            {tooltip}
            {legend}
            <Line isAnimationActive={false} type="monotone" dataKey="p50" name="p50" stroke="var(--chart-1)" strokeWidth={2} dot={days.length <= 31} />
            <Line isAnimationActive={false} type="monotone" dataKey="p95" name="p95" stroke="var(--chart-3)" strokeWidth={2} dot={days.length <= 31} />
          </LineChart>
        ) : (
          <BarChart {...common}>
            {grid}
            {xAxis}
            {yAxis}
            {tooltip}
            {metric === "cost" ? null : legend}
            {metric === "calls" ? (
              <>
                <Bar isAnimationActive={false} dataKey="ok" name={t("chart.ok")} stackId="calls" fill="var(--chart-1)" />
                <Bar isAnimationActive={false} dataKey="errors" name={t("chart.failed")} stackId="calls" fill="var(--chart-4)" radius={[3, 3, 0, 0]} />
              </>
            ) : metric === "tokens" ? (
              <>
                <Bar isAnimationActive={false} dataKey="inputTokens" name={t("chart.input")} stackId="tokens" fill="var(--chart-2)" />
                <Bar isAnimationActive={false} dataKey="outputTokens" name={t("chart.output")} stackId="tokens" fill="var(--chart-5)" radius={[3, 3, 0, 0]} />
              </>
            ) : (
              <Bar isAnimationActive={false} dataKey="cost" name={t("chart.cost")} fill="var(--chart-3)" radius={[3, 3, 0, 0]} />
            )}
          </BarChart>
        )}
      </figure>
    </div>
  );
}
