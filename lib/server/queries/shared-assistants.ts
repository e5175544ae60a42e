import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { prepared } from "@/lib/server/db/prepared";
import { assistants, sharedAssistants } from "@/lib/server/db/schema";
import { defaultAssistant } from "./assistants";

/** What a share needs of the assistant it shares: its name and role prompt (unless the share has its own) and its knowledge. */
export interface SharedAssistantOf {
  id: string;
  name: string | null;
  rolePrompt: string | null;
  knowledgeAll: boolean;
}

/**
 * A share with the assistant it shares. A share that names none (made by an instance older than
 * assistants) shares its owner's default assistant; one whose assistant was deleted has ended.
 */
export type SharedAssistantRow = typeof sharedAssistants.$inferSelect & { assistant: SharedAssistantOf | null };

const assistantColumns = { id: assistants.id, name: assistants.name, rolePrompt: assistants.rolePrompt, knowledgeAll: assistants.knowledgeAll };
const sharedAssistantOf = sql`${assistants.id} = coalesce(${sharedAssistants.assistantId}, (select d.id from assistants d where d.owner_id = ${sharedAssistants.ownerId} and d.is_default))`;

/** The assistants of some share rows, in one statement. */
async function withAssistants(rows: (typeof sharedAssistants.$inferSelect)[]): Promise<SharedAssistantRow[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const found = await db
    .select({ shareId: sharedAssistants.id, assistant: assistantColumns })
    .from(sharedAssistants)
    .innerJoin(assistants, sharedAssistantOf)
    .where(inArray(sharedAssistants.id, ids));
  const byShare = new Map(found.map((f) => [f.shareId, f.assistant]));
  return rows.map((r) => ({ ...r, assistant: byShare.get(r.id) ?? null }));
}

/** 72 random bits, URL-safe: a share link cannot be guessed or enumerated. */
export function newShareId(): string {
  return randomBytes(9).toString("base64url");
}

const active = isNull(sharedAssistants.revokedAt);

/** A new share of one of the owner's assistants (their default one when none is named). */
export async function createShare(values: { ownerId: string; assistantId?: string; name: string | null; rolePrompt: string | null; includeDocuments: boolean }): Promise<SharedAssistantRow> {
  const db = await getDb();
  const assistantId = values.assistantId ?? (await defaultAssistant(values.ownerId)).id;
  const [row] = await db.insert(sharedAssistants).values({ ...values, assistantId, shareId: newShareId() }).returning();
  return (await withAssistants([row]))[0];
}

/**
 * An assistant's quick link (the live share its share button made), made now when there is none:
 * it follows the assistant (no name or role prompt of its own) and answers from its documents. The
 * unique index on live quick links settles two presses at once: the second insert does nothing
 * and reads the first's row.
 */
export async function findOrCreateQuickLink(assistant: { id: string; ownerId: string }): Promise<{ share: SharedAssistantRow; created: boolean }> {
  const db = await getDb();
  const find = async () => {
    const [row] = await db
      .select()
      .from(sharedAssistants)
      .where(and(eq(sharedAssistants.assistantId, assistant.id), eq(sharedAssistants.quickLink, true), active));
    return row;
  };
  const existing = await find();
  if (existing) return { share: (await withAssistants([existing]))[0], created: false };
  const [row] = await db
    .insert(sharedAssistants)
    .values({ ownerId: assistant.ownerId, assistantId: assistant.id, name: null, rolePrompt: null, includeDocuments: true, quickLink: true, shareId: newShareId() })
    .onConflictDoNothing({ target: sharedAssistants.assistantId, where: sql`quick_link and revoked_at is null` })
    .returning();
  if (row) return { share: (await withAssistants([row]))[0], created: true };
  const winner = await find();
  if (!winner) throw new Error("quick link neither inserted nor found");
  return { share: (await withAssistants([winner]))[0], created: false };
}

/** A link that works: not revoked (a revoked or replaced link answers 404 at once). */
export async function findActiveShare(shareId: string): Promise<SharedAssistantRow | undefined> {
  // Every visitor message opens its share first.
  const query = await prepared("findActiveShare", (db) =>
    db
      .select({ ...getTableColumns(sharedAssistants), assistant: assistantColumns })
      .from(sharedAssistants)
      .leftJoin(assistants, sharedAssistantOf)
      .where(and(eq(sharedAssistants.shareId, sql.placeholder("shareId")), active))
      .prepare(""),
  );
  const [row] = await query.execute({ shareId });
  return row;
}

/**
 * What a visit of /shared/{shareId} needs before the page renders: whether the link was ever a
 * share's, whether and why it was ended, and the origins allowed to frame it. Asked by the proxy on
 * every visit of a share page (behind a short cache), so it is prepared once.
 */
export async function findSharePageFacts(shareId: string): Promise<{ revokedAt: Date | null; endedReason: SharedAssistantRow["endedReason"]; embedOrigins: string[] } | undefined> {
  const query = await prepared("findSharePageFacts", (db) =>
    db
      .select({ revokedAt: sharedAssistants.revokedAt, endedReason: sharedAssistants.endedReason, embedOrigins: sharedAssistants.embedOrigins })
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
  return row ? (await withAssistants([row]))[0] : undefined;
}

/** The owner's live share with this link, or nothing (another owner's share is nothing too). */
export async function findOwnerShare(ownerId: string, shareId: string): Promise<SharedAssistantRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(sharedAssistants)
    .where(and(eq(sharedAssistants.ownerId, ownerId), eq(sharedAssistants.shareId, shareId), active));
  return row ? (await withAssistants([row]))[0] : undefined;
}

export async function listOwnerShares(ownerId: string): Promise<SharedAssistantRow[]> {
  const db = await getDb();
  return withAssistants(await db.select().from(sharedAssistants).where(and(eq(sharedAssistants.ownerId, ownerId), active)).orderBy(desc(sharedAssistants.createdAt)));
}

export async function updateOwnerShare(
  ownerId: string,
  shareId: string,
  changes: Partial<Pick<SharedAssistantRow, "assistantId" | "name" | "rolePrompt" | "isPublicMode" | "accessMode" | "announcementEnabled" | "pinnedAnnouncement" | "embedOrigins">>,
): Promise<SharedAssistantRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(sharedAssistants)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(sharedAssistants.ownerId, ownerId), eq(sharedAssistants.shareId, shareId), active))
    .returning();
  return row ? (await withAssistants([row]))[0] : undefined;
}

export async function revokeOwnerShare(ownerId: string, shareId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(sharedAssistants)
    .set({ revokedAt: sql`now()`, endedReason: "revoked" })
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
  return row ? (await withAssistants([row]))[0] : undefined;
}
