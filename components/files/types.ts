export type DocumentStatus = "processing" | "processed" | "error";

export interface LibraryDocument {
  id: string;
  originalName: string;
  status: DocumentStatus;
  kind: string;
  size: number;
  pageCount: number | null;
  chunkCount: number;
  createdAt: string;
  processedAt: string | null;
  errorReason: string | null;
  /** The page OCR is reading, while processing a scan or a photo. */
  reading?: { page: number; pages: number } | null;
  /** Pages OCR could read nothing from, left out of a processed document. */
  unreadablePages?: number[];
  /**
   * The collections it is in, the assistants it was chosen for, and every assistant that answers
   * from it (those of all documents and of its collections too). Absent on a document just
   * uploaded until the list is read again.
   */
  collectionIds?: string[];
  assistantIds?: string[];
  usedByAssistantIds?: string[];
}

export interface UploadUsage {
  month: string;
  uploads: number;
  monthlyLimit: number | null;
  maxFileBytes: number;
}
