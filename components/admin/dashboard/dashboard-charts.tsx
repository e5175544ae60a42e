"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { DashboardDay } from "@/lib/server/queries/dashboard-stats";
import { useUsageFormat } from "../usage/use-usage-format";

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

/** The period's days: messages, users, tokens and cost. Colours from the theme's variables. */
export function DashboardCharts({ series }: { series: DashboardDay[] }) {
  const t = useTranslations("dashboard");
  const f = useUsageFormat();
  const data = series.map((d) => ({ ...d, label: f.shortDay(d.day), ownerMessages: d.messages - d.shareMessages }));
  const common = { data, responsive: true, style: { width: "100%", height: 220 }, margin: { top: 8, right: 4, bottom: 0, left: 0 } };
  const tooltip = (format: (n: number) => string = f.count) => (
    <Tooltip
      contentStyle={TOOLTIP_STYLE}
      labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
      itemStyle={{ color: "var(--popover-foreground)" }}
      cursor={{ fill: "var(--accent)", opacity: 0.6 }}
      labelFormatter={(_label, payload) => (payload?.[0]?.payload ? f.longDay(payload[0].payload.day) : "")}
      formatter={(value, name, item) => [typeof value === "number" ? (item?.dataKey === "cost" ? f.usd(value) : format(value)) : String(value), name]}
    />
  );
  const summary = (metric: string) => t("charts.summary", { metric, days: series.length });

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <ChartCard title={t("charts.activity")} summary={summary(t("messages"))} testId="dashboard-chart-messages">
        <BarChart {...common}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: "var(--border)" }} minTickGap={10} />
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} tickFormatter={f.compact} allowDecimals={false} />
          {tooltip()}
          <Legend formatter={legendText} iconType="circle" iconSize={8} itemSorter={null} />
          <Bar isAnimationActive={false} dataKey="ownerMessages" name={t("messages")} stackId="m" fill="var(--chart-1)" />
          <Bar isAnimationActive={false} dataKey="shareMessages" name={t("shareMessages")} stackId="m" fill="var(--chart-2)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard title={t("charts.users")} summary={summary(t("activeUsers"))} testId="dashboard-chart-users">
        <LineChart {...common}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: "var(--border)" }} minTickGap={10} />
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} tickFormatter={f.compact} allowDecimals={false} />
          {tooltip()}
          <Legend formatter={legendText} iconType="circle" iconSize={8} itemSorter={null} />
          <Line isAnimationActive={false} type="linear" dataKey="activeUsers" name={t("activeUsers")} stroke="var(--chart-1)" strokeWidth={2} dot={false} />
          <Line isAnimationActive={false} type="linear" dataKey="newUsers" name={t("newUsers")} stroke="var(--chart-3)" strokeWidth={2} dot={false} />
        </LineChart>
      </ChartCard>
      <ChartCard title={t("charts.usage")} summary={summary(t("tokens"))} testId="dashboard-chart-usage">
        <ComposedChart {...common}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: "var(--border)" }} minTickGap={10} />
          <YAxis yAxisId="tokens" tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} tickFormatter={f.compact} />
          <YAxis yAxisId="cost" orientation="right" tick={AXIS_TICK} tickLine={false} axisLine={false} width={52} tickFormatter={(n: number) => f.usd(n)} />
          {tooltip()}
          <Legend formatter={legendText} iconType="circle" iconSize={8} itemSorter={null} />
          <Bar isAnimationActive={false} yAxisId="tokens" dataKey="tokens" name={t("tokens")} fill="var(--chart-5)" radius={[3, 3, 0, 0]} />
          <Line isAnimationActive={false} yAxisId="cost" type="monotone" dataKey="cost" name={t("cost")} stroke="var(--chart-3)" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ChartCard>
    </div>
  );
}
