import "server-only";
import type { UploadLimits } from "@/lib/server/policies/upload-limits";
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
    // OCR: the page being read while processing; the pages left out for want of legible text after.
    reading: doc.status === "processing" && doc.ocr?.page && doc.ocr.pages ? { page: doc.ocr.page, pages: doc.ocr.pages } : null,
    unreadablePages: doc.status === "processed" ? (doc.ocr?.unreadablePages ?? []) : [],
  };
}

export type PublicDocument = ReturnType<typeof toPublicDocument>;

/** Where a document is used: the collections it is in, the assistants it was chosen for, and every assistant that answers from it. */
export interface DocumentUse {
  collectionIds: string[];
  assistantIds: string[];
  usedByAssistantIds: string[];
}

/** A document as the library lists it (GET /api/documents). */
export function toDocumentWithUse(doc: DocumentRow, use: DocumentUse) {
  return { ...toPublicDocument(doc), collectionIds: use.collectionIds, assistantIds: use.assistantIds, usedByAssistantIds: use.usedByAssistantIds };
}

export type DocumentWithUse = ReturnType<typeof toDocumentWithUse>;

/** This month's uploads against the plan's limits (null: no monthly limit). */
export function toUploadUsage(month: string, uploads: number, limits: UploadLimits) {
  return { month, uploads, monthlyLimit: limits.monthlyUploads, maxFileBytes: limits.maxBytes };
}

export type UploadUsage = ReturnType<typeof toUploadUsage>;

/** One document's outcome in a removal of several. */
export interface DocumentRemoval {
  id: string;
  ok: boolean;
  error?: "not_found";
}

export function toBulkDeleteResult(results: DocumentRemoval[]) {
  const deleted = results.filter((r) => r.ok).length;
  return { results, deleted, failed: results.length - deleted };
}

export type BulkDeleteResult = ReturnType<typeof toBulkDeleteResult>;
