import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { rateLimits } from "@/lib/server/db/schema";

export interface WindowCount {
  count: number;
  resetAt: Date;
}

export interface WindowCheck {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Several counters in one statement, in order: each is counted only while every one before it is
 * within its limit (as separate calls stopping at the first refusal would), so a caller over its
 * own limit does not use up a shared one. Returns the counts taken; the first over its limit is
 * the last.
 */
export async function incrementWindowsInOrder(checks: WindowCheck[]): Promise<WindowCount[]> {
  const db = await getDb();
  const now = Date.now();
  const steps = checks.map((check, i) => {
    const resetAt = new Date(now + check.windowMs).toISOString();
    const earlier = checks.slice(0, i).map((c, j) => sql`(SELECT count FROM w${sql.raw(String(j))}) <= ${c.limit}`);
    const guard = earlier.length > 0 ? sql`WHERE ${sql.join(earlier, sql` AND `)}` : sql``;
    return sql`w${sql.raw(String(i))} AS (
      INSERT INTO rate_limits (key, count, reset_at) SELECT ${check.key}, 1, ${resetAt}::timestamptz ${guard}
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
      RETURNING ${i}::int AS i, count, reset_at)`;
  });
  const union = sql.join(
    checks.map((_, i) => sql`SELECT i, count, reset_at FROM w${sql.raw(String(i))}`),
    sql` UNION ALL `,
  );
  const result = await db.execute(sql`WITH ${sql.join(steps, sql`, `)} ${union} ORDER BY i`);
  return (result as unknown as { rows: { i: number; count: number; reset_at: string | Date }[] }).rows.map((r) => ({ count: Number(r.count), resetAt: new Date(r.reset_at) }));
}

/** Adds one to a fixed-window counter in the database (so every instance shares it) and returns it. */
export async function incrementWindow(key: string, windowMs: number): Promise<WindowCount> {
  // A single counter: no limit guards anything after it.
  const [window] = await incrementWindowsInOrder([{ key, limit: Number.MAX_SAFE_INTEGER, windowMs }]);
  return window;
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
