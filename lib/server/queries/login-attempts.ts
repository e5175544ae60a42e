import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { LOGIN_ATTEMPTS_FORGET_MS, LOGIN_BACKOFF_BASE_MS, LOGIN_BACKOFF_MAX_MS, LOGIN_FREE_ATTEMPTS } from "@/lib/constants";
import { getDatabase, getDb } from "@/lib/server/db/client";
import { loginAttempts } from "@/lib/server/db/schema";

export type PairAttempt = { allowed: true; attempt: number } | { allowed: false; lockedUntil: Date };

// The attempt number after this one: a pair quiet for the forgetting time starts again at 1.
const NEXT = `CASE WHEN a.updated_at < now() - $6::float8 * interval '1 millisecond' THEN 1 ELSE a.attempts + 1 END`;
// The wait after attempt n: none while n is below the free attempts, then the base doubled per
// attempt beyond them, at most the maximum (the exponent is capped so the power cannot overflow).
const lockAfter = (n: string) =>
  `CASE WHEN ${n} >= $3::int THEN now() + least($5::float8, $4::float8 * power(2, least(${n} - $3::int, 30))) * interval '1 millisecond' END`;

// One statement, so concurrent guesses cannot all slip through between a check and a count: the
// attempt is counted only while the pair is not waiting, and nothing comes back when it is.
const COUNT_ATTEMPT = `
  INSERT INTO login_attempts AS a (account, address, attempts, locked_until, updated_at)
  VALUES ($1::text, $2::text, 1, ${lockAfter("1")}, now())
  ON CONFLICT (account, address) DO UPDATE SET
    attempts = ${NEXT},
    locked_until = ${lockAfter(NEXT)},
    updated_at = now()
  WHERE a.locked_until IS NULL OR a.locked_until <= now()
  RETURNING attempts`;

/**
 * Counts a password attempt for an (account, address) pair before the password is checked, or
 * refuses it while the pair waits out its back-off. A right password clears the pair afterwards.
 */
export async function countPairAttempt(input: { account: string; address: string }): Promise<PairAttempt> {
  const { query } = await getDatabase();
  const params = [input.account, input.address, LOGIN_FREE_ATTEMPTS, LOGIN_BACKOFF_BASE_MS, LOGIN_BACKOFF_MAX_MS, LOGIN_ATTEMPTS_FORGET_MS];
  const { rows } = await query(COUNT_ATTEMPT, params);
  if (rows[0]) return { allowed: true, attempt: Number(rows[0].attempts) };
  const db = await getDb();
  const [row] = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.account, input.account), eq(loginAttempts.address, input.address)));
  // The wait ended between the two statements: a moment's wait says so without counting twice.
  return { allowed: false, lockedUntil: row?.lockedUntil ?? new Date(Date.now() + 1000) };
}

/** After a successful sign-in: the pair starts afresh, and pairs long quiet are cleared on the way. */
export async function clearPairAttempts(input: { account: string; address: string }) {
  const db = await getDb();
  await db.delete(loginAttempts).where(and(eq(loginAttempts.account, input.account), eq(loginAttempts.address, input.address)));
  await db.delete(loginAttempts).where(lt(loginAttempts.updatedAt, new Date(Date.now() - LOGIN_ATTEMPTS_FORGET_MS)));
}
