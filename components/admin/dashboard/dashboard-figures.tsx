import { getFormatter, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import type { Dashboard } from "@/lib/server/use-cases/load-dashboard";
import { cn } from "@/lib/utils";

interface FigureProps {
  label: string;
  value: string;
  caption: string;
  lines: string[];
  testId: string;
  alert?: boolean;
}

function Figure({ label, value, caption, lines, testId, alert }: FigureProps) {
  return (
    <Card className="gap-1 px-4 py-4" data-testid={testId}>
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className={cn("text-2xl font-semibold tabular-nums", alert && "text-destructive")} data-testid={`${testId}-value`}>
        {value}
      </span>
      <span className="text-xs text-muted-foreground">{caption}</span>
      {lines.map((line) => (
        <span key={line} className="text-xs tabular-nums text-muted-foreground" data-testid={`${testId}-today`}>
          {line}
        </span>
      ))}
    </Card>
  );
}

/** The day's and the period's key numbers: counts only, nothing about any one person. */
export async function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const t = await getTranslations("dashboard");
  const format = await getFormatter();
  const n = (value: number) => format.number(value);
  const compact = (value: number) => (value < 10_000 ? n(value) : format.number(value, { notation: "compact", maximumFractionDigits: 1 }));
  const usd = (value: number) =>
    format.number(value, { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", minimumFractionDigits: 2, maximumFractionDigits: value !== 0 && value < 1 ? 4 : 2 });
  const period = t("inPeriod", { days: dashboard.days });
  const today = (value: string) => `${t("today")} ${value}`;
  const { today: day, period: range, snapshot } = dashboard;

  const figures: FigureProps[] = [
    { label: t("newUsers"), value: n(range.newUsers), caption: period, lines: [today(n(day.newUsers)), t("usersTotal", { total: n(snapshot.users) })], testId: "dash-new-users" },
    { label: t("activeUsers"), value: n(range.activeUsers), caption: `${period} · ${t("activeUsersHint")}`, lines: [today(n(day.activeUsers))], testId: "dash-active-users" },
    { label: t("messages"), value: n(range.messages), caption: `${period} · ${t("messagesHint")}`, lines: [today(n(day.messages))], testId: "dash-messages" },
    { label: t("uploads"), value: n(range.uploads), caption: period, lines: [today(n(day.uploads))], testId: "dash-uploads" },
    {
      label: t("shares"),
      value: n(snapshot.activeShares),
      caption: t("sharesActive"),
      lines: [`${t("newShares")} · ${today(n(day.newShares))} · ${period} ${n(range.newShares)}`],
      testId: "dash-shares",
    },
    { label: t("shareMessages"), value: n(range.shareMessages), caption: period, lines: [today(n(day.shareMessages))], testId: "dash-share-messages" },
    {
      label: t("documentsInError"),
      value: n(snapshot.documentsInError),
      caption: t("documentsInErrorHint"),
      lines: [],
      testId: "dash-documents-error",
      alert: snapshot.documentsInError > 0,
    },
    { label: t("tokens"), value: compact(range.tokens), caption: period, lines: [today(compact(day.tokens))], testId: "dash-tokens" },
    { label: t("cost"), value: usd(range.cost), caption: `${period} · ${t("costHint")}`, lines: [today(usd(day.cost))], testId: "dash-cost" },
  ];

  return (
    <section aria-labelledby="dashboard-figures" className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <h2 id="dashboard-figures" className="sr-only">
        {t("overview")}
      </h2>
      {figures.map((figure) => (
        <Figure key={figure.testId} {...figure} />
      ))}
    </section>
  );
}
