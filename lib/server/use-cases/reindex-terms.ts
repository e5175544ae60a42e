import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { asc, eq, gt, like, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { appSettings, documentChunks } from "@/lib/server/db/schema";
import { encodeTerms } from "@/lib/server/ingest/term-encoding";
import { TOKENIZER_VERSION, termFrequencies, tokenize } from "@/lib/server/ingest/tokenizer";
import { enqueueJob } from "@/lib/server/jobs/queue";
import { getSetting, setSetting } from "@/lib/server/queries/app-settings";
import { forgetRetrievalStamps, FULL_RELOAD_PREFIX } from "@/lib/server/queries/retrieval-stamp";

// Terms are computed once at ingestion and stored. When the tokenizer changes (its version
// moves), every stored passage is re-tokenised from its text by one background job, so queries
// and passages agree again; parsing is not repeated.

export const REINDEX_TERMS_JOB = "reindex-terms";
const VERSION_KEY = "tokenizer_version";
const BATCH = 200;

export async function scheduleTermsReindexIfStale(): Promise<boolean> {
  const stored = await getSetting<number>(VERSION_KEY);
  if (stored === TOKENIZER_VERSION) return false;
  // One job per change of version, however many instances notice it at start.
  await enqueueJob({
    type: REINDEX_TERMS_JOB,
    payload: { version: TOKENIZER_VERSION },
    dedupeKey: `${REINDEX_TERMS_JOB}:${stored ?? "none"}->${TOKENIZER_VERSION}`,
  });
  return true;
}

export async function reindexTerms(version: number): Promise<void> {
  if (version !== TOKENIZER_VERSION) return;
  const db = await getDb();
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: documentChunks.id, content: documentChunks.content })
      .from(documentChunks)
      .where(gt(documentChunks.id, after))
      .orderBy(asc(documentChunks.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const tokens = tokenize(row.content);
      await db.update(documentChunks).set({ terms: encodeTerms(termFrequencies(tokens)), tokenCount: tokens.length }).where(eq(documentChunks.id, row.id));
    }
    after = rows[rows.length - 1].id;
    await yieldToEventLoop();
  }
  // Every owner's index is rebuilt from scratch on its next search ("full:" stamps).
  await db
    .update(appSettings)
    .set({ value: sql`to_jsonb(${FULL_RELOAD_PREFIX} || gen_random_uuid()::text)`, updatedAt: sql`now()` })
    .where(like(appSettings.key, "retrieval_stamp:%"));
  forgetRetrievalStamps();
  await setSetting(VERSION_KEY, TOKENIZER_VERSION);
}
