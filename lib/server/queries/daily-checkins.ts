import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { dailyCheckins } from "@/lib/server/db/schema";

/** Records today's check-in (Taipei calendar day); a second check-in the same day updates the note. */
export async function checkIn(userId: string, day: string, note: string | null) {
  const db = await getDb();
  const [row] = await db
    .insert(dailyCheckins)
    .values({ userId, day, note })
    .onConflictDoUpdate({ target: [dailyCheckins.userId, dailyCheckins.day], set: { note: sql`excluded.note` } })
    .returning();
  return row;
}

export async function recentCheckins(userId: string, limit = 30) {
  const db = await getDb();
  return db
    .select()
    .from(dailyCheckins)
    .where(eq(dailyCheckins.userId, userId))
    .orderBy(desc(dailyCheckins.day))
    .limit(limit);
}
