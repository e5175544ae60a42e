import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { findDocument } from "@/lib/server/queries/documents";
import { removeDocuments } from "@/lib/server/use-cases/remove-documents";
import { toPublicDocument } from "@/lib/server/present/document";
import type { PublicDocument } from "@/lib/server/present/api-types";

// GET /api/documents/{id}: one of the caller's documents.
export const GET = route({ auth: "workspace" }, async ({ user, params }): Promise<PublicDocument> => {
  const doc = await findDocument(user.id, params.id);
  if (!doc) throw new AppError("not_found", { messageKey: "document_not_found" });
  return toPublicDocument(doc);
});

// DELETE /api/documents/{id}: removes the document, its stored file, chunks and index entries.
export const DELETE = route({ auth: "workspace" }, async ({ user, params }) => {
  const [result] = await removeDocuments(user.id, [params.id]);
  if (!result.ok) throw new AppError("not_found", { messageKey: "document_not_found" });
  return { ok: true, id: params.id };
});
