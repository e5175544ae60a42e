"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { USAGE_MAX_RANGE_DAYS, USAGE_RANGE_PRESETS, daysBetween, isCalendarDay, type UsageRangePreset } from "@/lib/usage-report";

export interface RangeChoice {
  range: UsageRangePreset;
  from?: string;
  to?: string;
}

/** Today, 7, 30, 90 days, or two dates; the days are the product's (Taipei) days. */
export function UsageRangePicker({ value, resolved, onChange }: { value: RangeChoice; resolved?: { from: string; to: string }; onChange: (next: RangeChoice) => void }) {
  const t = useTranslations("usage");
  const [customOpen, setCustomOpen] = useState(value.range === "custom");
  const [from, setFrom] = useState(value.from ?? resolved?.from ?? "");
  const [to, setTo] = useState(value.to ?? resolved?.to ?? "");
  const [error, setError] = useState<string | null>(null);

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(from) || !isCalendarDay(to)) return setError(t("invalidDate"));
    const span = daysBetween(from, to);
    if (span < 0) return setError(t("rangeReversed"));
    if (span + 1 > USAGE_MAX_RANGE_DAYS) return setError(t("rangeTooLong"));
    setError(null);
    onChange({ range: "custom", from, to });
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t("rangeLabel")} className="flex flex-wrap gap-1.5" data-testid="usage-range">
        {USAGE_RANGE_PRESETS.map((preset) => {
          const active = preset === "custom" ? customOpen : !customOpen && value.range === preset;
          return (
            <Button
              key={preset}
              type="button"
              size="sm"
              variant={active ? "default" : "outline"}
              aria-pressed={active}
              data-testid={`usage-range-${preset}`}
              onClick={() => {
                if (preset === "custom") {
                  setFrom(value.from ?? resolved?.from ?? "");
                  setTo(value.to ?? resolved?.to ?? "");
                  setCustomOpen(true);
                  return;
                }
                setCustomOpen(false);
                setError(null);
                onChange({ range: preset });
              }}
            >
              {t(`ranges.${preset}`)}
            </Button>
          );
        })}
      </div>
      {customOpen ? (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-3" noValidate data-testid="usage-custom-range">
          <div className="grid gap-1.5">
            <Label htmlFor="usage-from">{t("from")}</Label>
            <Input id="usage-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="w-44" aria-invalid={error ? true : undefined} aria-describedby={error ? "usage-range-error" : undefined} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="usage-to">{t("to")}</Label>
            <Input id="usage-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} className="w-44" aria-invalid={error ? true : undefined} aria-describedby={error ? "usage-range-error" : undefined} />
          </div>
          <Button type="submit" size="default" data-testid="usage-range-apply">
            {t("apply")}
          </Button>
          <p id="usage-range-error" role={error ? "alert" : undefined} className={cn("w-full text-sm text-destructive", !error && "hidden")}>
            {error}
          </p>
        </form>
      ) : null}
    </div>
  );
}
