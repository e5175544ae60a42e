import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/server/db/client";
import { documentChunks, documents, monthlyUsage } from "@/lib/server/db/schema";

export type DocumentRow = typeof documents.$inferSelect;
export type NewChunk = Omit<typeof documentChunks.$inferInsert, "id" | "documentId" | "userId">;

// Ownership lives in every query: a document another user owns is simply not found.

export async function listDocuments(userId: string): Promise<DocumentRow[]> {
  const db = await getDb();
  return db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.createdAt));
}

export async function findDocument(userId: string, id: string): Promise<DocumentRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(documents).where(and(eq(documents.id, id), eq(documents.userId, userId)));
  return row;
}

export async function findDocumentByClientId(userId: string, clientId: string): Promise<DocumentRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(documents).where(and(eq(documents.userId, userId), eq(documents.clientId, clientId)));
  return row;
}

export async function findDocumentForJob(id: string): Promise<DocumentRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

export async function monthlyUploads(userId: string, month: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ uploads: monthlyUsage.uploads })
    .from(monthlyUsage)
    .where(and(eq(monthlyUsage.userId, userId), eq(monthlyUsage.month, month)));
  return row?.uploads ?? 0;
}

/**
 * Counts one upload against the month unless that would pass `limit` (null: no limit). Runs
 * inside the caller's transaction, so the count and the document row commit together.
 */
export async function takeUploadSlot(tx: Db, userId: string, month: string, limit: number | null): Promise<boolean> {
  await tx.insert(monthlyUsage).values({ userId, month, uploads: 0 }).onConflictDoNothing();
  const rows = await tx
    .update(monthlyUsage)
    .set({ uploads: sql`${monthlyUsage.uploads} + 1` })
    .where(
      and(
        eq(monthlyUsage.userId, userId),
        eq(monthlyUsage.month, month),
        limit === null ? undefined : sql`${monthlyUsage.uploads} < ${limit}`,
      ),
    )
    .returning({ uploads: monthlyUsage.uploads });
  return rows.length > 0;
}

export async function insertDocument(tx: Db, values: typeof documents.$inferInsert): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(values).returning();
  return row;
}

/**
 * Replaces a document's chunks and marks it processed, all in one transaction: a retried or
 * resumed ingestion never leaves duplicated or half-written chunks.
 */
export async function saveProcessedDocument(input: {
  documentId: string;
  userId: string;
  pageCount: number | null;
  chunks: NewChunk[];
  afterWrite?: (tx: Db) => Promise<void>;
}): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .select({ status: documents.status })
      .from(documents)
      .where(eq(documents.id, input.documentId))
      .for("update");
    // Deleted meanwhile, or already finished by another worker: nothing to write.
    if (!doc || doc.status !== "processing") return false;
    await tx.delete(documentChunks).where(eq(documentChunks.documentId, input.documentId));
    const BATCH = 500;
    for (let i = 0; i < input.chunks.length; i += BATCH) {
      await tx.insert(documentChunks).values(
        input.chunks.slice(i, i + BATCH).map((c) => ({ ...c, documentId: input.documentId, userId: input.userId })),
      );
    }
    await tx
      .update(documents)
      .set({ status: "processed", pageCount: input.pageCount, chunkCount: input.chunks.length, processedAt: new Date(), errorReason: null })
      .where(eq(documents.id, input.documentId));
    await input.afterWrite?.(tx as unknown as Db);
    return true;
  });
}

export async function markDocumentError(documentId: string, reason: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(documents)
    .set({ status: "error", errorReason: reason, processedAt: new Date() })
    .where(and(eq(documents.id, documentId), eq(documents.status, "processing")))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** Deletes the caller's documents (chunks go with them); returns the rows that were deleted. */
export async function deleteDocuments(
  userId: string,
  ids: readonly string[],
  afterDelete?: (tx: Db) => Promise<void>,
): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(documents)
      .where(and(eq(documents.userId, userId), inArray(documents.id, [...ids])))
      .returning();
    if (rows.length > 0) await afterDelete?.(tx as unknown as Db);
    return rows;
  });
}

/**
 * What an owner's in-memory index needs to catch up: the ids of their processed documents now,
 * and the terms of the chunks of those it does not hold yet.
 */
export async function loadChunksForIndex(userId: string, known: readonly string[]) {
  const db = await getDb();
  const live = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.status, "processed")));
  const liveDocuments = live.map((d) => d.id);
  const knownSet = new Set(known);
  const missing = liveDocuments.filter((id) => !knownSet.has(id));
  const newChunks = [];
  const BATCH = 200;
  for (let i = 0; i < missing.length; i += BATCH) {
    newChunks.push(
      ...(await db
        .select({
          id: documentChunks.id,
          documentId: documentChunks.documentId,
          terms: documentChunks.terms,
          tokenCount: documentChunks.tokenCount,
          embedding: documentChunks.embedding,
        })
        .from(documentChunks)
        .where(inArray(documentChunks.documentId, missing.slice(i, i + BATCH)))),
    );
  }
  return { liveDocuments, newChunks };
}

export async function loadChunks(ids: readonly number[]) {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: documentChunks.id,
      documentId: documentChunks.documentId,
      content: documentChunks.content,
      pageStart: documentChunks.pageStart,
      pageEnd: documentChunks.pageEnd,
      charStart: documentChunks.charStart,
      charEnd: documentChunks.charEnd,
      originalName: documents.originalName,
    })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(inArray(documentChunks.id, [...ids]));
}

/** Owners of processed documents, most recently processed first. */
export async function recentDocumentOwners(limit: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ userId: documents.userId, last: sql<Date>`max(${documents.processedAt})` })
    .from(documents)
    .where(eq(documents.status, "processed"))
    .groupBy(documents.userId)
    .orderBy(sql`max(${documents.processedAt}) DESC`)
    .limit(limit);
  return rows.map((r) => r.userId);
}
