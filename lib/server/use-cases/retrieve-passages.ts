import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { RETRIEVAL_DEFAULT_K } from "@/lib/constants";
import { tokenize } from "@/lib/server/ingest/tokenizer";
import { env } from "@/lib/env";
import { Bm25Index } from "@/lib/server/retrieval/bm25-index";
import { ByteBudgetCache } from "@/lib/server/retrieval/byte-budget-cache";
import { VectorIndex, fuseRankings } from "@/lib/server/retrieval/vector-index";
import { embedQuestion } from "@/lib/server/ai/embeddings";
import { loadChunks, loadChunksForIndex, recentDocumentOwners } from "@/lib/server/queries/documents";
import { FULL_RELOAD_PREFIX, readRetrievalStamp } from "@/lib/server/queries/retrieval-stamp";
import { passageText } from "@/lib/server/ingest/table-headers";

export interface Passage {
  chunkId: number;
  documentId: string;
  documentName: string;
  /** The document's kind ("xlsx": its pages are sheets, "pptx": slides); absent where not known. */
  documentKind?: string;
  page: number | null;
  pageEnd: number | null;
  /** Where in the content each later page begins; null when unknown (lib/server/ingest/page-breaks.ts). */
  pageBreaks: number[] | null;
  charStart: number;
  charEnd: number;
  /** The passage's text: the document's from charStart to charEnd, after its table's header when cut from a long one. */
  content: string;
  score: number;
  /** A web page's address. */
  sourceUrl?: string | null;
}

// The hot path stays in memory (BM25 summed in SQL measured p95 ~200 ms at 10k chunks, in memory under 5 ms); the
// database holds the durable terms. One index per owner, loaded once and then changed per
// document: when the owner's stamp moves, only the documents that came or went are applied.
// Indexes are kept within RETRIEVAL_CACHE_MB, the least recently asked owners' going first; an
// evicted owner's next question loads the index from the database again.

interface OwnerIndex {
  stamp: string;
  index: Bm25Index;
  vectors: VectorIndex;
  documents: Set<string>;
}

const LOAD_SLICE = 2_000;
// How deep each ranking goes before fusion.
const FUSION_DEPTH = 30;

type Cache = ByteBudgetCache<Promise<OwnerIndex>>;
const holder = globalThis as unknown as { __retrieval?: Cache };
const cache: Cache = (holder.__retrieval ??= new ByteBudgetCache(env.RETRIEVAL_CACHE_MB * 1024 * 1024));

async function refresh(ownerId: string, previous: OwnerIndex | undefined, stamp: string): Promise<OwnerIndex> {
  const rows = await loadChunksForIndex(ownerId, previous ? [...previous.documents] : []);
  const index = previous?.index ?? new Bm25Index();
  const vectors = previous?.vectors ?? new VectorIndex();
  const documents = new Set(rows.liveDocuments);
  for (const id of previous?.documents ?? []) {
    if (documents.has(id)) continue;
    index.removeDocument(id);
    vectors.removeDocument(id);
  }
  for (let i = 0; i < rows.newChunks.length; i++) {
    const chunk = rows.newChunks[i];
    index.add({ chunkId: chunk.id, documentId: chunk.documentId, terms: chunk.terms, length: chunk.tokenCount });
    if (chunk.embedding) vectors.add(chunk.id, chunk.documentId, chunk.embedding);
    // Loading a large owner takes seconds: let other requests in between.
    if (i % LOAD_SLICE === LOAD_SLICE - 1) await yieldToEventLoop();
  }
  return { stamp, index, vectors, documents };
}

async function ownerIndex(ownerId: string): Promise<OwnerIndex> {
  const stamp = await readRetrievalStamp(ownerId);
  const current = cache.get(ownerId);
  const settled = current ? await current.catch(() => undefined) : undefined;
  if (settled && settled.stamp === stamp) return settled;
  // Concurrent searches after a change share one refresh.
  if (current && settled === undefined) cache.delete(ownerId);
  // Terms of known documents changed (re-index): start over instead of patching.
  const next = refresh(ownerId, stamp.startsWith(FULL_RELOAD_PREFIX) ? undefined : settled, stamp);
  cache.set(ownerId, next);
  next.then(
    (loaded) => cache.sized(ownerId, next, loaded.index.estimatedBytes() + loaded.vectors.estimatedBytes()),
    () => cache.delete(ownerId),
  );
  return next;
}

/**
 * The best passages for a question among an owner's processed documents, optionally limited to
 * some of them. Each passage names its document, page and character range.
 */
export async function retrievePassages(input: {
  ownerId: string;
  question: string;
  documentIds?: readonly string[];
  k?: number;
}): Promise<Passage[]> {
  const terms = tokenize(input.question);
  const k = input.k ?? RETRIEVAL_DEFAULT_K;
  const { index, vectors } = await ownerIndex(input.ownerId);
  const documentIds = input.documentIds ? new Set(input.documentIds) : undefined;
  const lexical = terms.length > 0 ? index.search(terms, { k: vectors.size > 0 ? FUSION_DEPTH : k, documentIds }) : [];
  // With embeddings, the lexical and the semantic rankings are fused; without, lexical alone.
  const queryVector = vectors.size > 0 ? await embedQuestion(input.question, input.ownerId) : null;
  const hits = queryVector
    ? fuseRankings([lexical, vectors.search(queryVector, { k: FUSION_DEPTH, documentIds })]).slice(0, k)
    : lexical.slice(0, k);
  if (hits.length === 0) return [];
  const rows = new Map((await loadChunks(hits.map((h) => h.chunkId))).map((r) => [r.id, r]));
  return hits.flatMap((hit) => {
    const row = rows.get(hit.chunkId);
    // Deleted between the index check and now: skip it rather than cite a missing document.
    if (!row) return [];
    // Rows cut from a long table are read under its header; page breaks move with the text.
    const content = passageText(row);
    const shift = content.length - row.content.length;
    return [
      {
        chunkId: row.id,
        documentId: row.documentId,
        documentName: row.originalName,
        documentKind: row.documentKind,
        page: row.pageStart,
        pageEnd: row.pageEnd,
        pageBreaks: row.pageBreaks && shift > 0 ? row.pageBreaks.map((at) => at + shift) : row.pageBreaks,
        charStart: row.charStart,
        charEnd: row.charEnd,
        content,
        score: hit.score,
        sourceUrl: row.sourceUrl,
      },
    ];
  });
}

/** How rare each term is among an owner's passages (their index's inverse document frequencies). */
export async function termWeights(ownerId: string, terms: readonly string[]): Promise<{ weight: number; known: boolean }[]> {
  return (await ownerIndex(ownerId)).index.termWeights(terms);
}

/**
 * Loads the indexes of the owners with the most recent documents in the background, so the first
 * question after a restart does not wait for a large index to load.
 */
export async function prewarmRetrieval(limit = 20): Promise<void> {
  for (const ownerId of await recentDocumentOwners(limit)) await ownerIndex(ownerId);
}

/** Drops cached indexes (tests switch databases between files); a budget in bytes replaces RETRIEVAL_CACHE_MB. */
export function resetRetrievalCache(budgetBytes?: number) {
  cache.clear();
  cache.setBudget(budgetBytes ?? env.RETRIEVAL_CACHE_MB * 1024 * 1024);
}

/** What the cache holds now (owners and estimated bytes), for benchmarks and tests. */
export function retrievalCacheUsage() {
  return { owners: cache.size, bytes: cache.bytes, has: (ownerId: string) => cache.has(ownerId) };
}
