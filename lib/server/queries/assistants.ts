import "server-only";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Locale } from "@/lib/constants";
import { getDb, type Db } from "@/lib/server/db/client";
import { assistantCollections, assistantDocuments, assistants, collectionDocuments, collections, documents, sharedAssistants } from "@/lib/server/db/schema";

export type AssistantRow = typeof assistants.$inferSelect;

/**
 * The documents an answer may draw on: an owner's processed documents, all of them
 * (`documentIds` null) or only those listed. Scoping filters the owner's one retrieval index.
 */
export interface Knowledge {
  ownerId: string;
  documentIds: readonly string[] | null;
}

// Ownership lives in every query: another owner's assistant is simply not found.

// Both drivers answer a raw statement with its rows under `rows`.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const mine = (ownerId: string, id: string) => and(eq(assistants.id, id), eq(assistants.ownerId, ownerId));

/** The owner's assistants, the default first, then in the order they were made. */
export async function listAssistants(ownerId: string): Promise<AssistantRow[]> {
  const db = await getDb();
  return db.select().from(assistants).where(eq(assistants.ownerId, ownerId)).orderBy(desc(assistants.isDefault), asc(assistants.createdAt), asc(assistants.id));
}

export async function findAssistant(ownerId: string, id: string, tx?: Db): Promise<AssistantRow | undefined> {
  const db = tx ?? (await getDb());
  const [row] = await db.select().from(assistants).where(mine(ownerId, id));
  return row;
}

/** Any owner's assistant by id, for what a share or a key names (their owner is checked by the caller's row). */
export async function findAssistantById(id: string): Promise<AssistantRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(assistants).where(eq(assistants.id, id));
  return row;
}

/**
 * The owner's default assistant, made on first need (a new owner has none until then). Two first
 * needs at once make one: the partial unique index on (owner_id) where is_default decides.
 */
export async function defaultAssistant(ownerId: string): Promise<AssistantRow> {
  const db = await getDb();
  const [existing] = await db.select().from(assistants).where(and(eq(assistants.ownerId, ownerId), eq(assistants.isDefault, true)));
  if (existing) return existing;
  await db.insert(assistants).values({ ownerId, isDefault: true }).onConflictDoNothing();
  const [made] = await db.select().from(assistants).where(and(eq(assistants.ownerId, ownerId), eq(assistants.isDefault, true)));
  return made;
}

export type NewAssistantValues = Pick<typeof assistants.$inferInsert, "name" | "rolePrompt" | "knowledgeAll" | "linkPreviewStyle" | "useCustomIcon" | "customIcon">;

/**
 * Makes an assistant unless the owner already has `max`; null when they have. The count and the
 * insert hold a lock on the owner's row of `users`, so concurrent creations cannot pass the cap.
 */
export async function insertAssistant(tx: Db, ownerId: string, values: NewAssistantValues, max: number): Promise<AssistantRow | null> {
  await tx.execute(sql`select 1 from users where id = ${ownerId} for update`);
  const [{ n }] = await tx.select({ n: count() }).from(assistants).where(eq(assistants.ownerId, ownerId));
  if (n >= max) return null;
  // An owner's first assistant is their default.
  const [row] = await tx
    .insert(assistants)
    .values({ ...values, ownerId, isDefault: n === 0 })
    .returning();
  return row;
}

export async function updateAssistant(
  tx: Db,
  ownerId: string,
  id: string,
  changes: Partial<Pick<AssistantRow, "name" | "rolePrompt" | "knowledgeAll" | "linkPreviewStyle" | "useCustomIcon" | "customIcon">>,
): Promise<AssistantRow | undefined> {
  const [row] = await tx
    .update(assistants)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(mine(ownerId, id))
    .returning();
  return row;
}

/** Makes `id` the owner's default assistant (and no other). False when it is not theirs. */
export async function makeDefault(tx: Db, ownerId: string, id: string): Promise<boolean> {
  const [target] = await tx.select({ id: assistants.id }).from(assistants).where(mine(ownerId, id)).for("update");
  if (!target) return false;
  await tx.update(assistants).set({ isDefault: false }).where(and(eq(assistants.ownerId, ownerId), eq(assistants.isDefault, true)));
  await tx.update(assistants).set({ isDefault: true, updatedAt: sql`now()` }).where(eq(assistants.id, id));
  return true;
}

/**
 * Deletes an assistant: its own chat goes with it (the messages' cascade), its documents and
 * collections stay, its shares end (their links then say the assistant is gone). The owner's last
 * assistant is kept ("last"); when the default goes, the oldest remaining one becomes the default.
 */
export async function deleteAssistant(tx: Db, ownerId: string, id: string): Promise<{ outcome: "deleted"; endedShareIds: string[] } | { outcome: "not_found" } | { outcome: "last" }> {
  await tx.execute(sql`select 1 from users where id = ${ownerId} for update`);
  const [target] = await tx.select().from(assistants).where(mine(ownerId, id));
  if (!target) return { outcome: "not_found" };
  const [{ n }] = await tx.select({ n: count() }).from(assistants).where(eq(assistants.ownerId, ownerId));
  if (n <= 1) return { outcome: "last" };
  const ended = await tx
    .update(sharedAssistants)
    .set({ revokedAt: sql`now()`, endedReason: "assistant_deleted", updatedAt: sql`now()` })
    .where(and(eq(sharedAssistants.assistantId, id), isNull(sharedAssistants.revokedAt)))
    .returning({ shareId: sharedAssistants.shareId });
  await tx.delete(assistants).where(eq(assistants.id, id));
  if (target.isDefault) {
    const [next] = await tx.select({ id: assistants.id }).from(assistants).where(eq(assistants.ownerId, ownerId)).orderBy(asc(assistants.createdAt), asc(assistants.id)).limit(1);
    await tx.update(assistants).set({ isDefault: true }).where(eq(assistants.id, next.id));
  }
  return { outcome: "deleted", endedShareIds: ended.map((e) => e.shareId) };
}

/** The documents and collections chosen for an assistant (an "all documents" one has none). */
export async function chosenKnowledge(assistantIds: readonly string[]): Promise<Map<string, { documentIds: string[]; collectionIds: string[] }>> {
  const out = new Map(assistantIds.map((id) => [id, { documentIds: [] as string[], collectionIds: [] as string[] }]));
  if (assistantIds.length === 0) return out;
  const db = await getDb();
  const [docs, cols] = await Promise.all([
    db.select().from(assistantDocuments).where(inArray(assistantDocuments.assistantId, [...assistantIds])),
    db.select().from(assistantCollections).where(inArray(assistantCollections.assistantId, [...assistantIds])),
  ]);
  for (const d of docs) out.get(d.assistantId)?.documentIds.push(d.documentId);
  for (const c of cols) out.get(c.assistantId)?.collectionIds.push(c.collectionId);
  return out;
}

/**
 * Replaces an assistant's chosen documents and collections. Every id must be the owner's: false
 * (and nothing changed, as the caller's transaction rolls back) when one is not.
 */
export async function replaceChosenKnowledge(tx: Db, ownerId: string, assistantId: string, chosen: { documentIds: readonly string[]; collectionIds: readonly string[] }): Promise<boolean> {
  if (!(await ownsAll(tx, ownerId, chosen))) return false;
  await tx.delete(assistantDocuments).where(eq(assistantDocuments.assistantId, assistantId));
  await tx.delete(assistantCollections).where(eq(assistantCollections.assistantId, assistantId));
  if (chosen.documentIds.length > 0) await tx.insert(assistantDocuments).values(chosen.documentIds.map((documentId) => ({ assistantId, documentId }))).onConflictDoNothing();
  if (chosen.collectionIds.length > 0) await tx.insert(assistantCollections).values(chosen.collectionIds.map((collectionId) => ({ assistantId, collectionId }))).onConflictDoNothing();
  return true;
}

/** Adds and removes documents chosen for an assistant; false when an id is not the owner's. */
export async function changeChosenDocuments(tx: Db, ownerId: string, assistantId: string, change: { add: readonly string[]; remove: readonly string[] }): Promise<boolean> {
  if (!(await ownsAll(tx, ownerId, { documentIds: [...change.add, ...change.remove], collectionIds: [] }))) return false;
  if (change.remove.length > 0) await tx.delete(assistantDocuments).where(and(eq(assistantDocuments.assistantId, assistantId), inArray(assistantDocuments.documentId, [...change.remove])));
  if (change.add.length > 0) await tx.insert(assistantDocuments).values(change.add.map((documentId) => ({ assistantId, documentId }))).onConflictDoNothing();
  await tx.update(assistants).set({ updatedAt: sql`now()` }).where(eq(assistants.id, assistantId));
  return true;
}

/** Whether every listed document and collection is the owner's. */
async function ownsAll(tx: Db, ownerId: string, ids: { documentIds: readonly string[]; collectionIds: readonly string[] }): Promise<boolean> {
  const documentIds = [...new Set(ids.documentIds)];
  const collectionIds = [...new Set(ids.collectionIds)];
  const [docs, cols] = await Promise.all([
    documentIds.length === 0 ? [{ n: 0 }] : tx.select({ n: count() }).from(documents).where(and(eq(documents.userId, ownerId), inArray(documents.id, documentIds))),
    collectionIds.length === 0 ? [{ n: 0 }] : tx.select({ n: count() }).from(collections).where(and(eq(collections.ownerId, ownerId), inArray(collections.id, collectionIds))),
  ]);
  return docs[0].n === documentIds.length && cols[0].n === collectionIds.length;
}

/**
 * What an assistant answers from, as it is at this moment: all of its owner's documents, or the
 * union of the documents chosen for it and those of its collections (one statement).
 */
export async function knowledgeOf(assistant: Pick<AssistantRow, "id" | "ownerId" | "knowledgeAll">): Promise<Knowledge> {
  if (assistant.knowledgeAll) return { ownerId: assistant.ownerId, documentIds: null };
  const db = await getDb();
  const result = await db.execute(sql`
    select document_id from ${assistantDocuments} where assistant_id = ${assistant.id}
    union
    select cd.document_id from ${collectionDocuments} cd join ${assistantCollections} ac on ac.collection_id = cd.collection_id where ac.assistant_id = ${assistant.id}`);
  return { ownerId: assistant.ownerId, documentIds: rowsOf<{ document_id: string }>(result).map((r) => r.document_id) };
}

/** Processed documents each of the owner's assistants answers from, by assistant id. */
export async function processedDocumentCounts(ownerId: string): Promise<Map<string, number>> {
  const db = await getDb();
  const result = await db.execute(sql`
    select a.id, case when a.knowledge_all
      then (select count(*) from ${documents} d where d.user_id = a.owner_id and d.status = 'processed')
      else (select count(*) from ${documents} d where d.status = 'processed' and d.id in (
        select document_id from ${assistantDocuments} where assistant_id = a.id
        union
        select cd.document_id from ${collectionDocuments} cd join ${assistantCollections} ac on ac.collection_id = cd.collection_id where ac.assistant_id = a.id))
      end::int as n
    from ${assistants} a where a.owner_id = ${ownerId}`);
  return new Map(rowsOf<{ id: string; n: number | string }>(result).map((r) => [r.id, Number(r.n)]));
}

/** Live shares of each of the owner's assistants, by assistant id. */
export async function liveShareCounts(ownerId: string): Promise<Map<string, number>> {
  const db = await getDb();
  const rows = await db
    .select({ id: sharedAssistants.assistantId, n: count() })
    .from(sharedAssistants)
    .where(and(eq(sharedAssistants.ownerId, ownerId), isNull(sharedAssistants.revokedAt)))
    .groupBy(sharedAssistants.assistantId);
  return new Map(rows.filter((r) => r.id !== null).map((r) => [r.id as string, r.n]));
}

/**
 * Keeps an assistant's opening questions in one reader language, beside those of the other
 * language made for the same documents (`stamp`); made for other documents, those are dropped.
 * One statement, so two languages saved at once both stay.
 */
export async function saveOpeningQuestions(assistantId: string, locale: Locale, questions: string[], stamp: string): Promise<void> {
  const db = await getDb();
  const theirs = JSON.stringify({ [locale]: questions });
  await db
    .update(assistants)
    .set({
      initialQuestions: sql`case when ${assistants.initialQuestionsStamp} = ${stamp} and jsonb_typeof(${assistants.initialQuestions}) = 'object'
        then ${assistants.initialQuestions} || ${theirs}::jsonb else ${theirs}::jsonb end`,
      initialQuestionsStamp: stamp,
    })
    .where(eq(assistants.id, assistantId));
}

/** The opening questions an assistant keeps for `locale` under `stamp`, or null. */
export function keptOpeningQuestions(row: Pick<AssistantRow, "initialQuestions" | "initialQuestionsStamp"> | undefined, locale: Locale, stamp: string): string[] | null {
  const stored = row?.initialQuestionsStamp === stamp ? row.initialQuestions : null;
  const questions = stored && !Array.isArray(stored) ? stored[locale] : undefined;
  return questions?.length ? questions : null;
}

export interface LinkPreviewSettings {
  style: AssistantRow["linkPreviewStyle"];
  useCustomIcon: boolean;
  customIcon: string | null;
}

export function linkPreviewSettingsOf(row: AssistantRow): LinkPreviewSettings {
  return { style: row.linkPreviewStyle, useCustomIcon: row.useCustomIcon, customIcon: row.customIcon };
}

/**
 * Changes an assistant's link-card settings in one statement; the custom-icon switch can only be on
 * while an icon is stored, so it is written as (wanted AND icon present).
 */
export async function saveLinkPreviewSettings(
  ownerId: string,
  assistantId: string,
  changes: { style?: LinkPreviewSettings["style"]; useCustomIcon?: boolean; customIcon?: string | null },
): Promise<LinkPreviewSettings | undefined> {
  const db = await getDb();
  const icon = changes.customIcon === undefined ? assistants.customIcon : sql`${changes.customIcon}::text`;
  const wanted = changes.useCustomIcon === undefined ? assistants.useCustomIcon : sql`${changes.useCustomIcon}::boolean`;
  const [row] = await db
    .update(assistants)
    .set({
      ...(changes.style !== undefined ? { linkPreviewStyle: changes.style } : {}),
      ...(changes.customIcon !== undefined ? { customIcon: changes.customIcon } : {}),
      // The switch follows the icon: never on without one (removing the icon turns it off).
      useCustomIcon: sql`(${wanted}) and (${icon}) is not null`,
      updatedAt: sql`now()`,
    })
    .where(mine(ownerId, assistantId))
    .returning();
  return row ? linkPreviewSettingsOf(row) : undefined;
}
