import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDatabase, getDb } from "@/lib/server/db/client";
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
  const { query } = await getDatabase();
  const now = Date.now();
  // Parameters: each counter's key and window end, then the limits of all but the last (the
  // statement only compares the earlier ones; an unused parameter would have no type).
  const params = [...checks.flatMap((check) => [check.key, new Date(now + check.windowMs).toISOString()]), ...checks.slice(0, -1).map((check) => check.limit)];
  const result = await query(inOrderStatement(checks.length), params);
  return result.rows.map((r) => ({ count: Number(r.count), resetAt: new Date(r.reset_at as string | Date) }));
}

// Every visitor message runs this with three counters: its text is made once per count.
const statements = new Map<number, string>();

function inOrderStatement(counters: number): string {
  let text = statements.get(counters);
  if (text) return text;
  const steps = Array.from({ length: counters }, (_, i) => {
    const earlier = Array.from({ length: i }, (_, j) => `(SELECT count FROM w${j}) <= $${2 * counters + j + 1}::bigint`);
    const guard = earlier.length > 0 ? `WHERE ${earlier.join(" AND ")}` : "";
    return `w${i} AS (
      INSERT INTO rate_limits (key, count, reset_at) SELECT $${2 * i + 1}::text, 1, $${2 * i + 2}::timestamptz ${guard}
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
      RETURNING ${i}::int AS i, count, reset_at)`;
  });
  const union = Array.from({ length: counters }, (_, i) => `SELECT i, count, reset_at FROM w${i}`).join(" UNION ALL ");
  text = `WITH ${steps.join(", ")} ${union} ORDER BY i`;
  statements.set(counters, text);
  return text;
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

/** Takes back one count (an attempt counted up front that turned out not to be what the limit is about). */
export async function releaseWindow(key: string) {
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
