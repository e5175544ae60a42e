import "server-only";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/server/db/client";
import { collectionDocuments, collections, documents } from "@/lib/server/db/schema";

export type CollectionRow = typeof collections.$inferSelect;

const mine = (ownerId: string, id: string) => and(eq(collections.id, id), eq(collections.ownerId, ownerId));

/** The owner's collections by name, each with the ids of its documents. */
export async function listCollections(ownerId: string): Promise<(CollectionRow & { documentIds: string[] })[]> {
  const db = await getDb();
  const rows = await db.select().from(collections).where(eq(collections.ownerId, ownerId)).orderBy(asc(collections.name), asc(collections.id));
  if (rows.length === 0) return [];
  const members = await db
    .select()
    .from(collectionDocuments)
    .where(inArray(collectionDocuments.collectionId, rows.map((r) => r.id)));
  const byCollection = new Map(rows.map((r) => [r.id, [] as string[]]));
  for (const m of members) byCollection.get(m.collectionId)?.push(m.documentId);
  return rows.map((r) => ({ ...r, documentIds: byCollection.get(r.id) ?? [] }));
}

export async function findCollection(ownerId: string, id: string, tx?: Db): Promise<CollectionRow | undefined> {
  const db = tx ?? (await getDb());
  const [row] = await db.select().from(collections).where(mine(ownerId, id));
  return row;
}

/**
 * Makes a collection: "limit" when the owner has `max` already, "taken" when one has that name.
 * The owner's row of `users` is locked meanwhile, so concurrent creations cannot pass the cap.
 */
export async function insertCollection(tx: Db, ownerId: string, name: string, max: number): Promise<CollectionRow | "limit" | "taken"> {
  await tx.execute(sql`select 1 from users where id = ${ownerId} for update`);
  const [{ n }] = await tx.select({ n: count() }).from(collections).where(eq(collections.ownerId, ownerId));
  if (n >= max) return "limit";
  const [row] = await tx.insert(collections).values({ ownerId, name }).onConflictDoNothing().returning();
  return row ?? "taken";
}

/** Renames a collection: undefined when it is not the owner's, "taken" when another has that name. */
export async function renameCollection(ownerId: string, id: string, name: string): Promise<CollectionRow | "taken" | undefined> {
  const db = await getDb();
  const [clash] = await db.select({ id: collections.id }).from(collections).where(and(eq(collections.ownerId, ownerId), eq(collections.name, name)));
  if (clash && clash.id !== id) return "taken";
  const [row] = await db.update(collections).set({ name, updatedAt: sql`now()` }).where(mine(ownerId, id)).returning();
  return row;
}

/** Deletes a collection; its documents stay, and assistants that used it no longer draw on them through it. */
export async function deleteCollection(ownerId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(collections).where(mine(ownerId, id)).returning({ id: collections.id });
  return rows.length > 0;
}

/** Adds and removes documents of a collection; false (nothing changed) when a document is not the owner's. */
export async function changeCollectionDocuments(tx: Db, ownerId: string, id: string, change: { add: readonly string[]; remove: readonly string[] }): Promise<boolean> {
  const ids = [...new Set([...change.add, ...change.remove])];
  if (ids.length > 0) {
    const [{ n }] = await tx.select({ n: count() }).from(documents).where(and(eq(documents.userId, ownerId), inArray(documents.id, ids)));
    if (n !== ids.length) return false;
  }
  if (change.remove.length > 0) await tx.delete(collectionDocuments).where(and(eq(collectionDocuments.collectionId, id), inArray(collectionDocuments.documentId, [...change.remove])));
  if (change.add.length > 0) await tx.insert(collectionDocuments).values(change.add.map((documentId) => ({ collectionId: id, documentId }))).onConflictDoNothing();
  await tx.update(collections).set({ updatedAt: sql`now()` }).where(eq(collections.id, id));
  return true;
}

/** For the file library: which collections and chosen-document assistants each of the owner's documents belongs to. */
export async function documentMemberships(ownerId: string): Promise<Map<string, { collectionIds: string[]; assistantIds: string[] }>> {
  const db = await getDb();
  const result = await db.execute(sql`
    select d.id as document_id,
      coalesce((select array_agg(cd.collection_id order by cd.collection_id) from collection_documents cd where cd.document_id = d.id), '{}') as collection_ids,
      coalesce((select array_agg(ad.assistant_id order by ad.assistant_id) from assistant_documents ad where ad.document_id = d.id), '{}') as assistant_ids
    from documents d where d.user_id = ${ownerId}`);
  const rows = (result as unknown as { rows: { document_id: string; collection_ids: string[]; assistant_ids: string[] }[] }).rows;
  return new Map(rows.map((r) => [r.document_id, { collectionIds: r.collection_ids, assistantIds: r.assistant_ids }]));
}
