import type { DocumentUse, PublicDocument } from "@/lib/server/present/api-types";

/**
 * A document in the library's list: GET /api/documents gives each with its uses; one just uploaded
 * (the upload's answer) has none until the list is read again.
 */
export type LibraryDocument = PublicDocument & Partial<DocumentUse>;

export type DocumentStatus = PublicDocument["status"];

