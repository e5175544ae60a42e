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
 * The origins allowed to frame a live share's page; [] for an unknown or revoked link. Asked by
 * the proxy on every visit of a share page (behind a short cache), so it is prepared once.
 */
export async function findEmbedOrigins(shareId: string): Promise<string[]> {
  const query = await prepared("findEmbedOrigins", (db) =>
    db
      .select({ embedOrigins: sharedAssistants.embedOrigins })
      .from(sharedAssistants)
      .where(and(eq(sharedAssistants.shareId, sql.placeholder("shareId")), active))
      .prepare(""),
  );
  const [row] = await query.execute({ shareId });
  return row?.embedOrigins ?? [];
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
