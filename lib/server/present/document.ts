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
  };
}

export type PublicDocument = ReturnType<typeof toPublicDocument>;
