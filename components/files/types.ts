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
  /** A web page's address and when its copy was fetched (null for uploads). */
  sourceUrl?: string | null;
  fetchedAt?: string | null;
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
