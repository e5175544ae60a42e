"use client";

import { CHECKIN_NOTE_MAX_LENGTH } from "@/lib/constants";

import { DataLoadError, DataLoading } from "@/components/layout/data-states";

import { useEffect, useState } from "react";
import useSWR from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { CalendarCheck, CircleDashed, Flame, Loader2 } from "lucide-react";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage, jsonFetcher } from "@/lib/fetcher";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import type { CheckinSummary } from "@/lib/server/present/api-types";

// The bound POST /api/daily-checkin enforces on the note.
const STRIP_DAYS = 14;

/** Calendar days (YYYY-MM-DD) ending with `today`, oldest first. */
function lastDays(today: string, count: number): string[] {
  const end = new Date(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(end);
    d.setUTCDate(end.getUTCDate() - (count - 1 - i));
    return d.toISOString().slice(0, 10);
  });
}

// Days are calendar dates, not instants: format them at UTC midnight in UTC so they never shift.
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

export function DailyCheckin() {
  const t = useTranslations("dailyCheckin");
  const tCommon = useTranslations("common");
  const format = useFormatter();
  const { data, error, isLoading, mutate } = useSWR<CheckinSummary>("/api/daily-checkin", jsonFetcher, {
    revalidateIfStale: true,
    onError: () => toast.error(t("loadFailed"), { id: "checkin-load-failed" }),
  });
  const [note, setNote] = useState("");
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Once today's check-in is known, its note becomes the editable draft.
  useEffect(() => {
    if (!data || prefilledFor === data.today) return;
    setPrefilledFor(data.today);
    const todays = data.checkins.find((c) => c.day === data.today);
    if (todays?.note) setNote(todays.note);
  }, [data, prefilledFor]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const wasCheckedIn = data?.checkedInToday ?? false;
    setSubmitting(true);
    try {
      const summary = await apiFetch<CheckinSummary>("/api/daily-checkin", { method: "POST", json: { note: note.trim() } });
      await mutate(summary, { revalidate: false });
      toast.success(wasCheckedIn ? t("updated") : t("success"));
    } catch (err) {
      const description = errorMessage(err, "");
      toast.error(t("failed"), description ? { description } : undefined);
    } finally {
      setSubmitting(false);
    }
  }

  if (!data && isLoading) return <DataLoading />;

  if (!data) {
    return error ? <DataLoadError message={t("loadFailed")} onRetry={() => void mutate()} testId="checkin-load-error" /> : null;
  }

  const checkedDays = new Set(data.checkins.map((c) => c.day));
  const strip = lastDays(data.today, STRIP_DAYS);
  const tooLong = note.trim().length > CHECKIN_NOTE_MAX_LENGTH;

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <div className="grid content-start gap-6 lg:col-span-3">
        <Card data-testid="checkin-today">
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <CardTitle>{format.dateTime(asDate(data.today), { dateStyle: "full", timeZone: "UTC" })}</CardTitle>
              {data.checkedInToday ? (
                <Badge variant="success" data-testid="checkin-state">
                  <CalendarCheck aria-hidden />
                  {t("checkedIn")}
                </Badge>
              ) : (
                <Badge variant="outline" data-testid="checkin-state">
                  <CircleDashed aria-hidden />
                  {t("notChecked")}
                </Badge>
              )}
            </div>
            <CardDescription className="flex items-center gap-1.5" data-testid="checkin-streak">
              <Flame className={cn("size-4", data.streak > 0 ? "text-orange-500" : "text-muted-foreground")} aria-hidden />
              {t("streak", { days: data.streak })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} className="grid gap-4" noValidate>
              <FormField
                id="checkin-note"
                label={
                  <>
                    {t("note")} <span className="font-normal text-muted-foreground">{tCommon("optional")}</span>
                  </>
                }
                error={tooLong ? t("noteTooLong", { max: CHECKIN_NOTE_MAX_LENGTH }) : undefined}
                hint={t("noteHint", { max: CHECKIN_NOTE_MAX_LENGTH })}
              >
                <Textarea
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  placeholder={t("notePlaceholder")}
                  rows={4}
                  data-testid="checkin-note"
                />
              </FormField>
              <Button type="submit" disabled={submitting || tooLong} className="sm:justify-self-start" data-testid="checkin-submit">
                {submitting ? <Loader2 className="animate-spin" aria-hidden /> : <CalendarCheck aria-hidden />}
                {submitting ? t("checkingIn") : data.checkedInToday ? t("updateNote") : t("checkIn")}
              </Button>
            </form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle id="checkin-strip-title">{t("lastDays", { days: STRIP_DAYS })}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol aria-labelledby="checkin-strip-title" className="grid grid-cols-7 gap-2" data-testid="checkin-strip">
              {strip.map((day) => {
                const done = checkedDays.has(day);
                const label = format.dateTime(asDate(day), { month: "short", day: "numeric", weekday: "short", timeZone: "UTC" });
                return (
                  <li key={day} className="flex flex-col items-center gap-1" title={label}>
                    <span className="text-[11px] text-muted-foreground" aria-hidden>
                      {format.dateTime(asDate(day), { weekday: "narrow", timeZone: "UTC" })}
                    </span>
                    <span
                      className={cn(
                        "grid size-8 place-items-center rounded-full border text-xs tabular-nums",
                        done ? "border-transparent bg-primary text-primary-foreground" : "text-muted-foreground",
                        day === data.today && "ring-2 ring-ring ring-offset-2 ring-offset-card",
                      )}
                      aria-hidden
                    >
                      {asDate(day).getUTCDate()}
                    </span>
                    <span className="sr-only">{done ? t("dayChecked", { date: label }) : t("dayMissed", { date: label })}</span>
                  </li>
                );
              })}
            </ol>
          </CardContent>
        </Card>
      </div>

      <Card className="self-start lg:col-span-2" data-testid="checkin-history">
        <CardHeader>
          <CardTitle>{t("history")}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.checkins.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{t("empty")}</p>
          ) : (
            <ul className="grid divide-y">
              {data.checkins.map((checkin) => (
                <li key={checkin.day} className="grid gap-1 py-3 first:pt-0 last:pb-0">
                  <div className="flex items-center gap-2 text-sm font-medium">
                    <time dateTime={checkin.day}>{format.dateTime(asDate(checkin.day), { dateStyle: "medium", timeZone: "UTC" })}</time>
                    {checkin.day === data.today ? <Badge variant="secondary">{t("today")}</Badge> : null}
                  </div>
                  <p className={cn("text-sm break-words whitespace-pre-wrap", !checkin.note && "text-muted-foreground italic")}>
                    {checkin.note || t("noNote")}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
