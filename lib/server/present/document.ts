import "server-only";
import type { DocumentRow } from "@/lib/server/queries/documents";

/** What the API tells about a document: id, name and status, plus size, pages, times and the error reason. */
export function toPublicDocument(doc: DocumentRow) {
  return {
    id: doc.id,
    originalName: doc.originalName,
    status: doc.status,
    kind: doc.kind,
    size: doc.sizeBytes,
    pageCount: doc.pageCount,
    chunkCount: doc.chunkCount,
    createdAt: doc.createdAt.toISOString(),
    processedAt: doc.processedAt?.toISOString() ?? null,
    errorReason: doc.status === "error" ? (doc.errorReason ?? "malformed") : null,
    // A web page: its address and when the stored copy was fetched.
    sourceUrl: doc.sourceUrl,
    fetchedAt: doc.fetchedAt?.toISOString() ?? null,
  };
}

export type PublicDocument = ReturnType<typeof toPublicDocument>;
