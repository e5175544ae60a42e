import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { encodeTerms } from "@/lib/server/ingest/term-encoding";
import { TOKENIZER_VERSION, termFrequencies, tokenize } from "@/lib/server/ingest/tokenizer";
import { enqueueJob } from "@/lib/server/queries/jobs";
import { getSetting, setSetting } from "@/lib/server/queries/app-settings";
import { passageTextsAfter, savePassageTerms } from "@/lib/server/queries/chunk-terms";
import { restampAllForFullReload } from "@/lib/server/queries/retrieval-stamp";
import { passageText } from "@/lib/server/ingest/table-headers";

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
  let after = 0;
  for (;;) {
    const rows = await passageTextsAfter({ after, limit: BATCH });
    if (rows.length === 0) break;
    for (const row of rows) {
      const tokens = tokenize(passageText(row));
      await savePassageTerms({ id: row.id, terms: encodeTerms(termFrequencies(tokens)), tokenCount: tokens.length });
    }
    after = rows[rows.length - 1].id;
    await yieldToEventLoop();
  }
  await restampAllForFullReload();
  await setSetting(VERSION_KEY, TOKENIZER_VERSION);
}
