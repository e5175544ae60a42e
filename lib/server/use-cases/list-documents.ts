import "server-only";
import { toDocumentWithUse, type DocumentWithUse } from "@/lib/server/present/document";
import { chosenKnowledge, listAssistants } from "@/lib/server/queries/assistants";
import { documentMemberships, listCollections } from "@/lib/server/queries/collections";
import { listDocuments } from "@/lib/server/queries/documents";

/**
 * GET /api/documents: the owner's documents, newest first, each with the collections it is in, the
 * assistants it was chosen for, and every assistant that answers from it (those of all documents,
 * and those of its collections, too): what the file library shows and filters by.
 */
export async function listDocumentsWithUse(ownerId: string): Promise<DocumentWithUse[]> {
  const [documents, memberships, assistants, collections] = await Promise.all([listDocuments(ownerId), documentMemberships(ownerId), listAssistants(ownerId), listCollections(ownerId)]);
  const chosen = await chosenKnowledge(assistants.map((a) => a.id));
  const collectionDocuments = new Map(collections.map((c) => [c.id, c.documentIds]));
  // Each assistant's documents as a set, once (null: all of them).
  const scopes = assistants.map((a) => {
    if (a.knowledgeAll) return { id: a.id, documents: null };
    const mine = chosen.get(a.id)!;
    return { id: a.id, documents: new Set([...mine.documentIds, ...mine.collectionIds.flatMap((c) => collectionDocuments.get(c) ?? [])]) };
  });
  const usedBy = (documentId: string) => scopes.filter((s) => s.documents === null || s.documents.has(documentId)).map((s) => s.id);
  return documents.map((doc) => {
    const { collectionIds, assistantIds } = memberships.get(doc.id) ?? { collectionIds: [], assistantIds: [] };
    return toDocumentWithUse(doc, { collectionIds, assistantIds, usedByAssistantIds: usedBy(doc.id) });
  });
}
