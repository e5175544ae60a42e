import "server-only";
import { asc, eq, gt } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { documentChunks } from "@/lib/server/db/schema";

// The stored terms of every passage, read and rewritten in id order when the tokenizer changes
// (lib/server/use-cases/reindex-terms.ts).

/** Up to `limit` passages with an id above `after`, lowest first. */
export async function passageTextsAfter(input: { after: number; limit: number }): Promise<{ id: number; content: string; tableHeader: string | null }[]> {
  const db = await getDb();
  return db
    .select({ id: documentChunks.id, content: documentChunks.content, tableHeader: documentChunks.tableHeader })
    .from(documentChunks)
    .where(gt(documentChunks.id, input.after))
    .orderBy(asc(documentChunks.id))
    .limit(input.limit);
}

export async function savePassageTerms(input: { id: number; terms: string; tokenCount: number }) {
  const db = await getDb();
  await db.update(documentChunks).set({ terms: input.terms, tokenCount: input.tokenCount }).where(eq(documentChunks.id, input.id));
}
