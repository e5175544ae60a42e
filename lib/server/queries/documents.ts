import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DocumentStatusCounts } from "@/lib/documents-state";
import { getDb, type Db } from "@/lib/server/db/client";
import { prepared } from "@/lib/server/db/prepared";
import { documentChunks, documents, monthlyUsage } from "@/lib/server/db/schema";

export type DocumentRow = typeof documents.$inferSelect;
export type NewChunk = Omit<typeof documentChunks.$inferInsert, "id" | "documentId" | "userId">;

// Ownership lives in every query: a document another user owns is simply not found.

export async function listDocuments(userId: string): Promise<DocumentRow[]> {
  const db = await getDb();
  return db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.createdAt));
}

/** How many of the owner's documents are in each status. */
export async function countDocumentStatuses(userId: string): Promise<DocumentStatusCounts> {
  const db = await getDb();
  const rows = await db.select({ status: documents.status, n: sql<number>`count(*)::int` }).from(documents).where(eq(documents.userId, userId)).groupBy(documents.status);
  const counts: DocumentStatusCounts = { processing: 0, processed: 0, error: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The names of the processed documents an answer could draw on (to say what they are when nothing matched). */
export async function processedDocumentNames(knowledge: { ownerId: string; documentIds: readonly string[] | null }): Promise<string[]> {
  if (knowledge.documentIds?.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ name: documents.originalName })
    .from(documents)
    .where(
      and(
        eq(documents.userId, knowledge.ownerId),
        eq(documents.status, "processed"),
        knowledge.documentIds ? inArray(documents.id, [...knowledge.documentIds]) : undefined,
      ),
    )
    .orderBy(desc(documents.createdAt));
  return rows.map((r) => r.name);
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

// A document's chunks are written in batches while it is still being parsed, then the document
// is marked processed in one short transaction. Nothing reads the chunks of a document that is not
// processed, so a crash mid-way leaves nothing visible, and the next attempt starts by clearing
// what the crashed one wrote. One long transaction instead would hold the embedded database's
// only connection, and every other request with it, for as long as a large file takes to write.

/** Removes chunks left by an earlier, unfinished attempt at processing the document. */
export async function clearUnfinishedChunks(documentId: string): Promise<void> {
  const db = await getDb();
  await db.delete(documentChunks).where(eq(documentChunks.documentId, documentId));
}

/**
 * One statement per batch with one array per column: a row-per-VALUES insert of a few hundred
 * chunks binds thousands of parameters, and building those cost more than the write itself.
 * Embeddings and page breaks travel as array literals, since unnest() would flatten an array of arrays.
 */
export async function insertChunks(documentId: string, userId: string, chunks: readonly NewChunk[]): Promise<void> {
  if (chunks.length === 0) return;
  const db = await getDb();
  const column = <T>(pick: (c: NewChunk) => T) => sql.param(chunks.map(pick));
  await db.execute(sql`
    INSERT INTO ${documentChunks} (document_id, user_id, ordinal, content, page_start, page_end, page_breaks, table_header, char_start, char_end, token_count, terms, embedding)
    SELECT ${documentId}, ${userId}, c.ordinal, c.content, c.page_start, c.page_end, c.page_breaks::int[], c.table_header, c.char_start, c.char_end, c.token_count, c.terms, c.embedding::real[]
    FROM unnest(
      ${column((c) => c.ordinal)}::int[], ${column((c) => c.content)}::text[], ${column((c) => c.pageStart ?? null)}::int[],
      ${column((c) => c.pageEnd ?? null)}::int[], ${column((c) => (c.pageBreaks?.length ? `{${c.pageBreaks.join(",")}}` : null))}::text[],
      ${column((c) => c.tableHeader ?? null)}::text[], ${column((c) => c.charStart)}::int[], ${column((c) => c.charEnd)}::int[],
      ${column((c) => c.tokenCount ?? 0)}::int[], ${column((c) => c.terms ?? "")}::text[],
      ${column((c) => (c.embedding ? `{${c.embedding.join(",")}}` : null))}::text[]
    ) AS c(ordinal, content, page_start, page_end, page_breaks, table_header, char_start, char_end, token_count, terms, embedding)`);
}

/**
 * Marks a document processed once all its chunks are written: false when it was deleted or
 * finished by another worker meanwhile. Throws (so the job is retried) when the rows written are
 * not exactly the expected chunks, as when two workers both believed they held the job.
 */
export async function finishProcessedDocument(input: {
  documentId: string;
  pageCount: number | null;
  chunkCount: number;
  /** Pages OCR could read nothing from (noted on the document); none: no note. */
  unreadablePages?: readonly number[];
  afterWrite?: (tx: Db) => Promise<void>;
}): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .select({ status: documents.status })
      .from(documents)
      .where(eq(documents.id, input.documentId))
      .for("update");
    if (!doc || doc.status !== "processing") return false;
    const [written] = await tx
      .select({ count: sql<number>`count(*)::int`, ordinals: sql<number>`count(distinct ${documentChunks.ordinal})::int`, last: sql<number | null>`max(${documentChunks.ordinal})` })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, input.documentId));
    if (written.count !== input.chunkCount || written.ordinals !== input.chunkCount || (input.chunkCount > 0 && written.last !== input.chunkCount - 1)) {
      throw new Error(`document ${input.documentId}: ${written.count} chunks written, ${input.chunkCount} expected`);
    }
    await tx
      .update(documents)
      .set({
        status: "processed",
        pageCount: input.pageCount,
        chunkCount: input.chunkCount,
        processedAt: new Date(),
        errorReason: null,
        ocr: input.unreadablePages?.length ? { unreadablePages: [...input.unreadablePages] } : null,
      })
      .where(eq(documents.id, input.documentId));
    await input.afterWrite?.(tx as unknown as Db);
    return true;
  });
}

/**
 * Records the page OCR is reading, for the file library's progress. False when the document is no
 * longer being processed (deleted meanwhile): the parse is then abandoned.
 */
export async function setOcrProgress(documentId: string, page: number, pages: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(documents)
    .set({ ocr: { page, pages } })
    .where(and(eq(documents.id, documentId), eq(documents.status, "processing")))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** Whether the document is still there and still being processed (not deleted meanwhile). */
export async function isStillProcessing(documentId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.status, "processing")))
    .limit(1);
  return rows.length > 0;
}

/** Ends processing with an error reason, dropping any chunks an attempt wrote. */
export async function markDocumentError(documentId: string, reason: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(documents)
      .set({ status: "error", errorReason: reason, processedAt: new Date(), ocr: null })
      .where(and(eq(documents.id, documentId), eq(documents.status, "processing")))
      .returning({ id: documents.id });
    if (rows.length === 0) return false;
    await tx.delete(documentChunks).where(eq(documentChunks.documentId, documentId));
    return true;
  });
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
  // Every answer loads its passages: one statement for any number of ids (an array parameter).
  const query = await prepared("loadChunks", (db) =>
    db
      .select({
        id: documentChunks.id,
        documentId: documentChunks.documentId,
        content: documentChunks.content,
        pageStart: documentChunks.pageStart,
        pageEnd: documentChunks.pageEnd,
        pageBreaks: documentChunks.pageBreaks,
        tableHeader: documentChunks.tableHeader,
        charStart: documentChunks.charStart,
        charEnd: documentChunks.charEnd,
        originalName: documents.originalName,
        sourceUrl: documents.sourceUrl,
        documentKind: documents.kind,
      })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.id, documentChunks.documentId))
      .where(sql`${documentChunks.id} = ANY(${sql.placeholder("ids")}::bigint[])`)
      .prepare(""),
  );
  return query.execute({ ids: [...ids] });
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

/**
 * The opening passages of the owner's most recently processed documents, or of those among
 * `documentIds` (titles, headings and what a document is about come first): material for
 * suggested questions.
 */
export async function openingPassages(userId: string, options: { perDocument: number; documents: number; documentIds?: readonly string[] | null }) {
  if (options.documentIds?.length === 0) return [];
  const db = await getDb();
  const recent = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.status, "processed"), options.documentIds ? inArray(documents.id, [...options.documentIds]) : undefined))
    .orderBy(desc(documents.processedAt))
    .limit(options.documents);
  if (recent.length === 0) return [];
  return db
    .select({ documentId: documentChunks.documentId, documentName: documents.originalName, content: documentChunks.content })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(and(inArray(documentChunks.documentId, recent.map((d) => d.id)), sql`${documentChunks.ordinal} < ${options.perDocument}`))
    .orderBy(asc(documentChunks.documentId), asc(documentChunks.ordinal));
}

/** The opening passages of some of the owner's documents (see openingPassages). */
export async function openingPassagesOf(userId: string, documentIds: readonly string[], perDocument: number) {
  if (documentIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({ documentId: documentChunks.documentId, documentName: documents.originalName, content: documentChunks.content })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(and(eq(documents.userId, userId), inArray(documentChunks.documentId, [...documentIds]), sql`${documentChunks.ordinal} < ${perDocument}`))
    .orderBy(asc(documentChunks.documentId), asc(documentChunks.ordinal));
}

/** Which of these stored-object keys a document row still points at. */
export async function storageKeysInUse(keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.select({ key: documents.storageKey }).from(documents).where(inArray(documents.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}
