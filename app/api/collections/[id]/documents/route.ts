import { membershipChangeSchema } from "@/lib/schemas/assistants";
import { route } from "@/lib/server/http/route";
import { changeOwnCollectionDocuments } from "@/lib/server/use-cases/save-collection";
import type { PublicCollection } from "@/lib/server/present/api-types";

// POST /api/collections/{id}/documents: adds and removes its documents, in bulk.
export const POST = route({ auth: "workspace", body: membershipChangeSchema }, async ({ user, params, body }): Promise<PublicCollection> =>
  changeOwnCollectionDocuments({ ownerId: user.id, id: params.id, ...body }),
);
