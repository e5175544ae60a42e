import { APP_TIME_ZONE } from "@/lib/constants";
import { calendarDay } from "@/lib/checkin-streak";

// Calendar days (YYYY-MM-DD) as instants in a time zone: an admin's "supporter until" date means
// through the end of that day in the product's home time zone, wherever the admin's browser is.

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (not 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day begins in a time zone. */
export function startOfDay(day: string, timeZone = APP_TIME_ZONE): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`).getTime();
  // Twice: the first guess can sit on the other side of a change of offset.
  const first = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetMs(first, timeZone));
}

/** The first instant after a whole calendar day: what "until that day" means. */
export function endOfDay(day: string, timeZone = APP_TIME_ZONE): Date {
  return startOfDay(addDays(day, 1), timeZone);
}

/** The last calendar day an end instant still covers (the day of the instant just before it). */
export function lastDayBefore(end: Date, timeZone = APP_TIME_ZONE): string {
  return calendarDay(new Date(end.getTime() - 1), timeZone);
}
