import { z } from "zod";
import { CHECKIN_NOTE_MAX_LENGTH } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { calendarDay } from "@/lib/checkin-streak";
import { checkIn, recentCheckins } from "@/lib/server/queries/daily-checkins";
import { toCheckinSummary } from "@/lib/server/present/checkin";
import type { CheckinSummary } from "@/lib/server/present/api-types";

async function summary(userId: string): Promise<CheckinSummary> {
  return toCheckinSummary(await recentCheckins(userId), calendarDay(new Date()));
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
