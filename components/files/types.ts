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
}

export interface UploadUsage {
  month: string;
  uploads: number;
  monthlyLimit: number | null;
  maxFileBytes: number;
}
