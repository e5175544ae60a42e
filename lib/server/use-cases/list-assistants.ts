import "server-only";
import type { Locale } from "@/lib/constants";
import { toPublicAssistant, type PublicAssistant } from "@/lib/server/present/assistant";
import { chosenKnowledge, defaultAssistant, listAssistants, liveShareCounts, processedDocumentCounts, type AssistantRow } from "@/lib/server/queries/assistants";

/** The owner's assistants as the API shows them (a new owner's default one made on the way). */
export async function listOwnAssistants(ownerId: string, locale: Locale): Promise<PublicAssistant[]> {
  let rows = await listAssistants(ownerId);
  if (rows.length === 0) rows = [await defaultAssistant(ownerId)];
  return presentAssistants(ownerId, rows, locale);
}

/** Rows of one owner's assistants with their chosen knowledge, document and share counts. */
export async function presentAssistants(ownerId: string, rows: AssistantRow[], locale: Locale): Promise<PublicAssistant[]> {
  const [chosen, documents, shares] = await Promise.all([chosenKnowledge(rows.map((r) => r.id)), processedDocumentCounts(ownerId), liveShareCounts(ownerId)]);
  return rows.map((row) =>
    toPublicAssistant(row, {
      locale,
      documentIds: chosen.get(row.id)?.documentIds ?? [],
      collectionIds: chosen.get(row.id)?.collectionIds ?? [],
      documentCount: documents.get(row.id) ?? 0,
      shareCount: shares.get(row.id) ?? 0,
    }),
  );
}
