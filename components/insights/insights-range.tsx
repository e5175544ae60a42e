"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { USAGE_MAX_RANGE_DAYS, daysBetween, isCalendarDay } from "@/lib/usage-report";

export type InsightsRangeChoice = { range: "7d" | "30d" | "90d" } | { range: "custom"; from: string; to: string };

const PRESETS = ["7d", "30d", "90d"] as const;

/** The last 7, 30 or 90 days, or two dates (the product's days). */
export function InsightsRange({ value, resolved, onChange }: { value: InsightsRangeChoice; resolved?: { from: string; to: string }; onChange: (next: InsightsRangeChoice) => void }) {
  const t = useTranslations("insights");
  const [customOpen, setCustomOpen] = useState(value.range === "custom");
  const [from, setFrom] = useState(value.range === "custom" ? value.from : (resolved?.from ?? ""));
  const [to, setTo] = useState(value.range === "custom" ? value.to : (resolved?.to ?? ""));
  const [error, setError] = useState<string | null>(null);

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(from) || !isCalendarDay(to)) return setError(t("invalidDate"));
    const span = daysBetween(from, to);
    if (span < 0) return setError(t("rangeReversed"));
    if (span + 1 > USAGE_MAX_RANGE_DAYS) return setError(t("rangeTooLong", { max: USAGE_MAX_RANGE_DAYS }));
    setError(null);
    onChange({ range: "custom", from, to });
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t("rangeLabel")} className="flex flex-wrap gap-1.5" data-testid="insights-range">
        {[...PRESETS, "custom" as const].map((preset) => {
          const active = preset === "custom" ? customOpen : !customOpen && value.range === preset;
          return (
            <Button
              key={preset}
              type="button"
              size="sm"
              variant={active ? "default" : "outline"}
              aria-pressed={active}
              className={cn(active && "pointer-events-none")}
              onClick={() => {
                if (preset === "custom") {
                  setFrom((f) => f || resolved?.from || "");
                  setTo((v) => v || resolved?.to || "");
                  setCustomOpen(true);
                  return;
                }
                setCustomOpen(false);
                setError(null);
                onChange({ range: preset });
              }}
              data-testid={`insights-range-${preset}`}
            >
              {t(`range.${preset}`)}
            </Button>
          );
        })}
      </div>
      {customOpen && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="grid gap-1">
            <Label htmlFor="insights-from">{t("from")}</Label>
            <Input id="insights-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="w-40" aria-invalid={error ? true : undefined} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="insights-to">{t("to")}</Label>
            <Input id="insights-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} className="w-40" aria-invalid={error ? true : undefined} />
          </div>
          <Button type="submit" size="sm" data-testid="insights-range-apply">
            {t("apply")}
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
