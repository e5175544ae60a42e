import "server-only";
import { COLLECTIONS_PER_OWNER_MAX } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";
import { toPublicCollection, type PublicCollection } from "@/lib/server/present/assistant";
import { changeCollectionDocuments, findCollection, insertCollection, listCollections, renameCollection } from "@/lib/server/queries/collections";
import { inTransaction } from "@/lib/server/queries/transaction";

// Collections: named groups of an owner's documents that several assistants can answer from.

const notFound = () => new AppError("not_found", { messageKey: "collection_not_found" });
const taken = () => new AppError("conflict", { messageKey: "collection_name_taken" });

async function present(ownerId: string, id: string): Promise<PublicCollection> {
  const row = (await listCollections(ownerId)).find((c) => c.id === id);
  if (!row) throw notFound();
  return toPublicCollection(row);
}

export async function createCollection(ownerId: string, name: string): Promise<PublicCollection> {
  const made = await inTransaction((tx) => insertCollection(tx, ownerId, name, COLLECTIONS_PER_OWNER_MAX));
  if (made === "limit") throw new AppError("conflict", { messageKey: "collection_limit", params: { max: COLLECTIONS_PER_OWNER_MAX } });
  if (made === "taken") throw taken();
  return toPublicCollection({ ...made, documentIds: [] });
}

export async function renameOwnCollection(ownerId: string, id: string, name: string): Promise<PublicCollection> {
  const renamed = await renameCollection(ownerId, id, name);
  if (renamed === "taken") throw taken();
  if (!renamed) throw notFound();
  return present(ownerId, id);
}

/** Documents of a collection added and removed in bulk; every assistant using it follows at once. */
export async function changeOwnCollectionDocuments(input: { ownerId: string; id: string; add: string[]; remove: string[] }): Promise<PublicCollection> {
  await inTransaction(async (tx) => {
    if (!(await findCollection(input.ownerId, input.id, tx))) throw notFound();
    if (!(await changeCollectionDocuments(tx, input.ownerId, input.id, input))) throw new AppError("not_found", { messageKey: "knowledge_not_found" });
  });
  return present(input.ownerId, input.id);
}
