import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { prepared } from "@/lib/server/db/prepared";
import { guestSessions } from "@/lib/server/db/schema";

export type GuestSessionRow = typeof guestSessions.$inferSelect;

export async function findGuestSession(sharedAssistantId: string, sessionId: string): Promise<GuestSessionRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(guestSessions).where(and(eq(guestSessions.sharedAssistantId, sharedAssistantId), eq(guestSessions.sessionId, sessionId)));
  return row;
}

/**
 * The guest session for this id on this share, created for this browser unless it exists (then
 * whoever made it owns it: the stored key hash is returned unchanged). One statement.
 */
export async function claimGuestSession(values: { sharedAssistantId: string; sessionId: string; browserKeyHash: string; ip: string | null }): Promise<GuestSessionRow> {
  // Every guest message claims its session.
  const query = await prepared("claimGuestSession", (db) =>
    db
      .insert(guestSessions)
      .values({
        sharedAssistantId: sql.placeholder("sharedAssistantId"),
        sessionId: sql.placeholder("sessionId"),
        browserKeyHash: sql.placeholder("browserKeyHash"),
        ip: sql.placeholder("ip"),
      })
      .onConflictDoUpdate({ target: [guestSessions.sharedAssistantId, guestSessions.sessionId], set: { lastSeenAt: sql`now()` } })
      .returning()
      .prepare(""),
  );
  const [row] = await query.execute(values);
  return row;
}
