import "server-only";
import { eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { prepared } from "@/lib/server/db/prepared";
import { revokedSessions, users, type User } from "@/lib/server/db/schema";

/**
 * The user a session names and whether that one session was signed out, in one statement: every
 * signed-in request runs it, so the revocation check rides on the user look-up it already needed
 * instead of costing a round trip of its own. Read from the database every time, so a logout on
 * any instance is refused on every instance at once.
 */
export async function findSessionUser(input: { userId: string; sessionId: string }): Promise<{ user: User; revoked: boolean } | undefined> {
  const query = await prepared("findSessionUser", (db) =>
    db
      .select({
        user: users,
        revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = ${sql.placeholder("sessionId")})`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder("userId")))
      .prepare(""),
  );
  const [row] = await query.execute(input);
  return row;
}

/** Ends one session until its cookie would have expired; rows already past that are cleared on the way. */
export async function revokeSession(input: { sessionId: string; expiresAt: Date }) {
  const db = await getDb();
  await db.insert(revokedSessions).values(input).onConflictDoNothing();
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
}

/** Ends every session of a user, this one included ("sign out everywhere"). */
export async function endAllSessions(userId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
