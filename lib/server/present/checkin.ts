import "server-only";
import { streak } from "@/lib/checkin-streak";

/** GET and POST /api/daily-checkin: today's calendar day, whether it is checked in, the streak and the recent days. */
export function toCheckinSummary(rows: { day: string; note: string | null }[], today: string) {
  return {
    today,
    checkedInToday: rows.some((r) => r.day === today),
    streak: streak(rows.map((r) => r.day), today),
    checkins: rows.map((r) => ({ day: r.day, note: r.note })),
  };
}

export type CheckinSummary = ReturnType<typeof toCheckinSummary>;
