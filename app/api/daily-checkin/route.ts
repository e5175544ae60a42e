import { z } from "zod";
import { CHECKIN_NOTE_MAX_LENGTH } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { calendarDay, streak } from "@/lib/checkin-streak";
import { checkIn, recentCheckins } from "@/lib/server/queries/daily-checkins";

async function summary(userId: string) {
  const rows = await recentCheckins(userId);
  const today = calendarDay(new Date());
  return {
    today,
    checkedInToday: rows.some((r) => r.day === today),
    streak: streak(rows.map((r) => r.day), today),
    checkins: rows.map((r) => ({ day: r.day, note: r.note })),
  };
}

// GET /api/daily-checkin: the caller's recent check-ins and streak (admins and managers).
export const GET = route({ auth: "staff" }, async ({ user }) => summary(user.id));

// POST /api/daily-checkin: check in for today, with an optional note (admins and managers).
export const POST = route(
  { auth: "staff", body: z.object({ note: z.string().trim().max(CHECKIN_NOTE_MAX_LENGTH).optional() }) },
  async ({ user, body }) => {
    await checkIn(user.id, calendarDay(new Date()), body.note || null);
    return summary(user.id);
  },
);
