import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { getDb, type Db } from "@/lib/server/db/client";
import { documentChunks, documents } from "@/lib/server/db/schema";
import type { DocumentRow } from "@/lib/server/queries/documents";

// Documents added from a web address: found by that address, and their stored copy replaced when
// the owner refreshes one (the row, its id and everything that points at it, stay).

export async function findDocumentBySourceUrl(userId: string, sourceUrl: string): Promise<DocumentRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(documents).where(and(eq(documents.userId, userId), eq(documents.sourceUrl, sourceUrl)));
  return row;
}

/** The page was fetched again and found unchanged. */
export async function touchFetchedAt(userId: string, id: string, fetchedAt: Date): Promise<void> {
  const db = await getDb();
  await db.update(documents).set({ fetchedAt }).where(and(eq(documents.id, id), eq(documents.userId, userId)));
}

/**
 * Points the document at a new stored copy and sets it processing again, its old passages gone;
 * undefined when it changed meanwhile (another refresh, a delete, processing under way). Keeps
 * processedAt, which tells the ingestion that the document was indexed before.
 */
export async function replaceWebPageSnapshot(
  tx: Db,
  input: {
    userId: string;
    id: string;
    previousStorageKey: string;
    values: Pick<DocumentRow, "storageKey" | "originalName" | "kind" | "mimeType" | "sizeBytes" | "contentHash" | "fetchedAt">;
  },
): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .update(documents)
    .set({ ...input.values, status: "processing", errorReason: null, chunkCount: 0, pageCount: null })
    .where(and(eq(documents.id, input.id), eq(documents.userId, input.userId), eq(documents.storageKey, input.previousStorageKey), ne(documents.status, "processing")))
    .returning();
  if (!row) return undefined;
  await tx.delete(documentChunks).where(eq(documentChunks.documentId, input.id));
  return row;
}
