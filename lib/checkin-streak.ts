import { APP_TIME_ZONE } from "@/lib/constants";

// Pure helpers for the daily check-in screen and API (calendar days as YYYY-MM-DD strings).

export function calendarDay(date: Date, timeZone = APP_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Consecutive days ending today (or yesterday, when today has no check-in yet). */
export function streak(days: readonly string[], today: string): number {
  const set = new Set(days);
  let cursor = set.has(today) ? today : previousDay(today);
  let n = 0;
  while (set.has(cursor) && n < 10_000) {
    n++;
    cursor = previousDay(cursor);
  }
  return n;
}
