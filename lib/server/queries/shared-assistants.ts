import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { prepared } from "@/lib/server/db/prepared";
import { sharedAssistants } from "@/lib/server/db/schema";

export type SharedAssistantRow = typeof sharedAssistants.$inferSelect;

/** 72 random bits, URL-safe: a share link cannot be guessed or enumerated. */
export function newShareId(): string {
  return randomBytes(9).toString("base64url");
}

const active = isNull(sharedAssistants.revokedAt);

export async function createShare(values: { ownerId: string; name: string | null; rolePrompt: string | null; includeDocuments: boolean }): Promise<SharedAssistantRow> {
  const db = await getDb();
  const [row] = await db.insert(sharedAssistants).values({ ...values, shareId: newShareId() }).returning();
  return row;
}

/**
 * The owner's assistant's quick link (the live share its share button made), made now from
 * `values` when there is none. The unique index on live quick links settles two presses at once:
 * the second insert does nothing and reads the first's row. When owners have several assistants,
 * the assistant's id takes the owner's place here and in that index.
 */
export async function findOrCreateQuickLink(
  ownerId: string,
  values: () => Promise<{ name: string; rolePrompt: string }>,
): Promise<{ share: SharedAssistantRow; created: boolean }> {
  const db = await getDb();
  const find = async () => {
    const [row] = await db
      .select()
      .from(sharedAssistants)
      .where(and(eq(sharedAssistants.ownerId, ownerId), eq(sharedAssistants.quickLink, true), active));
    return row;
  };
  const existing = await find();
  if (existing) return { share: existing, created: false };
  const [row] = await db
    .insert(sharedAssistants)
    .values({ ...(await values()), ownerId, includeDocuments: true, quickLink: true, shareId: newShareId() })
    .onConflictDoNothing({ target: sharedAssistants.ownerId, where: sql`quick_link and revoked_at is null` })
    .returning();
  if (row) return { share: row, created: true };
  const winner = await find();
  if (!winner) throw new Error("quick link neither inserted nor found");
  return { share: winner, created: false };
}

/** A link that works: not revoked (a revoked or replaced link answers 404 at once). */
export async function findActiveShare(shareId: string): Promise<SharedAssistantRow | undefined> {
  // Every visitor message opens its share first.
  const query = await prepared("findActiveShare", (db) =>
    db
      .select()
      .from(sharedAssistants)
      .where(and(eq(sharedAssistants.shareId, sql.placeholder("shareId")), active))
      .prepare(""),
  );
  const [row] = await query.execute({ shareId });
  return row;
}

/**
 * What a visit of /shared/{shareId} needs before the page renders: whether the link was ever a
 * share's and whether it was ended, and the origins allowed to frame it. Asked by the proxy on
 * every visit of a share page (behind a short cache), so it is prepared once.
 */
export async function findSharePageFacts(shareId: string): Promise<{ revokedAt: Date | null; embedOrigins: string[] } | undefined> {
  const query = await prepared("findSharePageFacts", (db) =>
    db
      .select({ revokedAt: sharedAssistants.revokedAt, embedOrigins: sharedAssistants.embedOrigins })
      .from(sharedAssistants)
      .where(eq(sharedAssistants.shareId, sql.placeholder("shareId")))
      .prepare(""),
  );
  const [row] = await query.execute({ shareId });
  return row;
}

/** The share this link belongs to, live or ended (its page says which); undefined when no share has it. */
export async function findShareByLink(shareId: string): Promise<SharedAssistantRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(sharedAssistants).where(eq(sharedAssistants.shareId, shareId));
  return row;
}

/** The owner's live share with this link, or nothing (another owner's share is nothing too). */
export async function findOwnerShare(ownerId: string, shareId: string): Promise<SharedAssistantRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(sharedAssistants)
    .where(and(eq(sharedAssistants.ownerId, ownerId), eq(sharedAssistants.shareId, shareId), active));
  return row;
}

export async function listOwnerShares(ownerId: string): Promise<SharedAssistantRow[]> {
  const db = await getDb();
  return db.select().from(sharedAssistants).where(and(eq(sharedAssistants.ownerId, ownerId), active)).orderBy(desc(sharedAssistants.createdAt));
}

export async function updateOwnerShare(
  ownerId: string,
  shareId: string,
  changes: Partial<Pick<SharedAssistantRow, "name" | "rolePrompt" | "isPublicMode" | "accessMode" | "announcementEnabled" | "pinnedAnnouncement" | "embedOrigins">>,
): Promise<SharedAssistantRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(sharedAssistants)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(sharedAssistants.ownerId, ownerId), eq(sharedAssistants.shareId, shareId), active))
    .returning();
  return row;
}

export async function revokeOwnerShare(ownerId: string, shareId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(sharedAssistants)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sharedAssistants.ownerId, ownerId), eq(sharedAssistants.shareId, shareId), active))
    .returning({ id: sharedAssistants.id });
  return rows.length > 0;
}

/** Gives the share a new link; the old one stops working at once. Conversations stay with the share. */
export async function replaceShareLink(ownerId: string, shareId: string): Promise<SharedAssistantRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(sharedAssistants)
    .set({ shareId: newShareId(), updatedAt: sql`now()` })
    .where(and(eq(sharedAssistants.ownerId, ownerId), eq(sharedAssistants.shareId, shareId), active))
    .returning();
  return row;
}
