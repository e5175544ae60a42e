"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { InsightsDayRow } from "@/lib/server/present/api-types";

// Colours and text come from the theme's CSS variables, so the charts follow light and dark.
const AXIS_TICK = { fill: "var(--muted-foreground)", fontSize: 11 };
const TOOLTIP_STYLE = { background: "var(--popover)", border: "1px solid var(--border)", borderRadius: 8, color: "var(--popover-foreground)", fontSize: 12 };
const legendText = (value: string) => <span style={{ color: "var(--foreground)", fontSize: 12 }}>{value}</span>;

function ChartCard({ title, summary, testId, children }: { title: string; summary: string; testId: string; children: React.ReactNode }) {
  const captionId = useId();
  return (
    <Card className="min-w-0 gap-3">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <figure aria-labelledby={captionId} data-testid={testId}>
          <figcaption id={captionId} className="sr-only">
            {summary}
          </figcaption>
          {children}
        </figure>
      </CardContent>
    </Card>
  );
}

/** Conversations, messages and visitors per day as bars; the unanswered share per day as a line. */
export function InsightsCharts({ days }: { days: InsightsDayRow[] }) {
  const t = useTranslations("insights");
  const data = days.map((d) => ({ ...d, label: d.day.slice(5), percent: d.unansweredShare === null ? null : Math.round(d.unansweredShare * 1000) / 10 }));
  const span = { from: days[0]?.day ?? "", to: days.at(-1)?.day ?? "" };
  const common = { data, responsive: true, style: { width: "100%", height: 240 }, margin: { top: 8, right: 8, bottom: 0, left: 0 } };
  const xAxis = <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: "var(--border)" }} minTickGap={12} />;
  const tooltip = (format?: (v: number) => string) => (
    <Tooltip
      contentStyle={TOOLTIP_STYLE}
      labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
      itemStyle={{ color: "var(--popover-foreground)" }}
      cursor={{ fill: "var(--accent)", opacity: 0.6 }}
      labelFormatter={(_label, payload) => payload?.[0]?.payload?.day ?? ""}
      formatter={(value) => (typeof value === "number" ? (format ? format(value) : String(value)) : "—")}
    />
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard title={t("chartActivity")} summary={t("chartSummary", { metric: t("chartActivityMetric"), ...span })} testId="insights-activity-chart">
        <BarChart {...common}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          {xAxis}
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} allowDecimals={false} />
          {tooltip()}
          <Legend formatter={legendText} iconType="circle" iconSize={8} />
          <Bar isAnimationActive={false} dataKey="conversations" name={t("conversations")} fill="var(--chart-1)" />
          <Bar isAnimationActive={false} dataKey="messages" name={t("messages")} fill="var(--chart-2)" />
          <Bar isAnimationActive={false} dataKey="visitors" name={t("visitors")} fill="var(--chart-3)" />
        </BarChart>
      </ChartCard>
      <ChartCard title={t("chartUnanswered")} summary={t("chartSummary", { metric: t("unansweredShare"), ...span })} testId="insights-unanswered-chart">
        <LineChart {...common}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          {xAxis}
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} />
          {tooltip((v) => `${v}%`)}
          <Line isAnimationActive={false} type="monotone" dataKey="percent" name={t("unansweredShare")} stroke="var(--chart-4)" strokeWidth={2} dot={days.length <= 31} connectNulls />
        </LineChart>
      </ChartCard>
    </div>
  );
}
