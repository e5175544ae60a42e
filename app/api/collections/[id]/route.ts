import { collectionSchema } from "@/lib/schemas/assistants";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { deleteCollection } from "@/lib/server/queries/collections";
import { renameOwnCollection } from "@/lib/server/use-cases/save-collection";
import type { PublicCollection } from "@/lib/server/present/api-types";

// PATCH /api/collections/{id}: renames it.
export const PATCH = route({ auth: "workspace", body: collectionSchema }, async ({ user, params, body }): Promise<PublicCollection> => renameOwnCollection(user.id, params.id, body.name));

// DELETE /api/collections/{id}: its documents stay; assistants that used it stop drawing on them through it.
export const DELETE = route({ auth: "workspace" }, async ({ user, params }) => {
  if (!(await deleteCollection(user.id, params.id))) throw new AppError("not_found", { messageKey: "collection_not_found" });
  return { ok: true };
});
