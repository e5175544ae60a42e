import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { rateLimits } from "@/lib/server/db/schema";

export interface WindowCount {
  count: number;
  resetAt: Date;
}

/** Adds one to a fixed-window counter in the database (so every instance shares it) and returns it. */
export async function incrementWindow(key: string, windowMs: number): Promise<WindowCount> {
  const db = await getDb();
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row;
}

export async function readWindow(key: string): Promise<WindowCount | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.resetAt.getTime() <= Date.now()) return undefined;
  return row;
}

export async function clearWindow(key: string) {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
