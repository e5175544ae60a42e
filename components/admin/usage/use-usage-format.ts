"use client";

import { useFormatter, useTranslations } from "next-intl";

const ROUTE_LABELS = {
  "/api/messages": "chat",
  "/api/shared-assistants/messages": "shareChat",
  "/api/ai-suggestions": "suggestions",
  "/api/initial-questions": "initialQuestions",
  "/api/analyze-image": "analyzeImage",
  "/api/v1/chat/completions": "apiChat",
} as const;

/** Numbers of the usage screens as the reader's language writes them. */
export function useUsageFormat() {
  const format = useFormatter();
  const t = useTranslations("usage");
  return {
    count: (n: number) => format.number(n),
    compact: (n: number) => (n < 10_000 ? format.number(n) : format.number(n, { notation: "compact", maximumFractionDigits: 1 })),
    /** US dollars: cents for a dollar or more, four decimals below (a few calls cost fractions of a cent). */
    usd: (n: number) =>
      format.number(n, { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", minimumFractionDigits: 2, maximumFractionDigits: n !== 0 && Math.abs(n) < 1 ? 4 : 2 }),
    ms: (n: number | null) => (n === null ? "—" : n < 1_000 ? `${format.number(Math.round(n))} ms` : `${format.number(n / 1_000, { maximumFractionDigits: 2 })} s`),
    percent: (part: number, whole: number) => format.number(whole ? part / whole : 0, { style: "percent", maximumFractionDigits: 1 }),
    /** "3/10" style day label for chart axes. */
    shortDay: (day: string) => format.dateTime(new Date(`${day}T00:00:00Z`), { month: "numeric", day: "numeric", timeZone: "UTC" }),
    longDay: (day: string) => format.dateTime(new Date(`${day}T00:00:00Z`), { year: "numeric", month: "short", day: "numeric", weekday: "short", timeZone: "UTC" }),
    /** A friendly name for the routes the product records, the path for any other. */
    route: (route: string) => (route in ROUTE_LABELS ? t(`routes.${ROUTE_LABELS[route as keyof typeof ROUTE_LABELS]}`) : route),
  };
}
