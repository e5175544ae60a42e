import "server-only";
import type { DocumentRow } from "@/lib/server/queries/documents";

/** What the API tells about a document (SPEC §3 plus size, pages, times and the error reason). */
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
    // OCR: the page being read while processing; the pages left out for want of legible text after.
    reading: doc.status === "processing" && doc.ocr?.page && doc.ocr.pages ? { page: doc.ocr.page, pages: doc.ocr.pages } : null,
    unreadablePages: doc.status === "processed" ? (doc.ocr?.unreadablePages ?? []) : [],
  };
}

export type PublicDocument = ReturnType<typeof toPublicDocument>;
