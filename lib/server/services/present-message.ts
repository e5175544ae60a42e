import "server-only";
import type { MessageRow } from "@/lib/server/queries/messages";

/** A passage an answer cites: shown as a chip (document and page) that reveals the quote. */
export interface MessageSource {
  n: number;
  documentId: string;
  documentName: string;
  page: number | null;
  pageEnd: number | null;
  quote: string;
}

export function toPublicMessage(row: MessageRow) {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    imageData: row.imageData,
    imageFileName: row.imageFileName,
    createdAt: row.createdAt.toISOString(),
    isError: row.isError,
    sources: (row.sources ?? []) as MessageSource[],
  };
}

export type PublicMessage = ReturnType<typeof toPublicMessage>;
