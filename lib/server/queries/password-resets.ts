import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { passwordResetTokens, users } from "@/lib/server/db/schema";

// Forgot-password tokens. Only a token's SHA-256 is stored; using one marks it (and every other
// open token of the same user) used in the same statement, so a link works exactly once.

export async function createResetToken(input: { userId: string; tokenHash: string; ttlMs: number }): Promise<void> {
  const db = await getDb();
  await db.insert(passwordResetTokens).values({
    userId: input.userId,
    tokenHash: input.tokenHash,
    expiresAt: sql`now() + (${input.ttlMs} * interval '1 millisecond')`,
  });
}

/** The account an unused, unexpired token belongs to (without using it), for the reset page. */
export async function peekResetToken(tokenHash: string): Promise<{ email: string } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`), eq(users.disabled, false)));
  return row;
}

/** Uses a token: the user id when it was valid (and now is not), else undefined. */
export async function useResetToken(tokenHash: string): Promise<string | undefined> {
  const db = await getDb();
  const result = await db.execute(sql`
    WITH used AS (
      UPDATE password_reset_tokens t SET used_at = now()
      FROM users u
      WHERE t.token_hash = ${tokenHash} AND t.used_at IS NULL AND t.expires_at > now() AND u.id = t.user_id AND u.disabled = false
      RETURNING t.user_id
    ), others AS (
      UPDATE password_reset_tokens SET used_at = now()
      WHERE user_id IN (SELECT user_id FROM used) AND used_at IS NULL
    )
    SELECT user_id FROM used`);
  return (result as unknown as { rows: { user_id: string }[] }).rows[0]?.user_id;
}

/** Tokens long past their end are of no use to anyone. */
export async function deleteOldResetTokens(): Promise<void> {
  const db = await getDb();
  await db.delete(passwordResetTokens).where(sql`${passwordResetTokens.expiresAt} < now() - interval '1 day'`);
}
