import path from "node:path";
// Query latency of the BM25 index at 1k, 10k and 100k chunks, against a plain linear-scan BM25 and
// an unpruned inverted index (every posting of every query term scored) over the same chunks and
// queries in the same run:
//   node_modules/.bin/tsx bench/retrieval-scale.ts [--sets DIR,DIR] [--queries 200] [--sizes 1000,10000,100000]
// The chunks are the eval documents' chunks (both languages), copied under new document ids until
// the size is reached; each copy drops a different ~10% of its tokens, so copies are near-duplicates,
// not identical. Prints one JSON object.
import {
  allowServerOnlyImports,
  countTerms,
  type EvalQuestion,
  LinearBm25,
  loadEvalSet,
  parseArgs,
  percentile,
  round,
} from "./lib/eval-set";

allowServerOnlyImports();
const { chunkDocument } = await import("../lib/server/ingest/chunker");
const { tokenize, termFrequencies } = await import("../lib/server/ingest/tokenizer");
const { Bm25Index, DEFAULT_BM25_PARAMS } = await import("../lib/server/retrieval/bm25-index");

const args = parseArgs(process.argv.slice(2));
const setDirs = (args.get("sets") || [path.resolve(import.meta.dirname, "../../shared/eval/drcd_dev"), path.resolve(import.meta.dirname, "../../shared/eval/squad_v1.1_dev")].join(",")).split(",");
const queryCount = Math.min(2000, Number(args.get("queries") || 200));
const sizes = (args.get("sizes") || "1000,10000,100000").split(",").map(Number).filter((n) => n > 0 && n <= 200_000);
const VARIANTS = 8; // distinct token-drop patterns per base chunk
const DROP_RATE = 0.1;
const SCOPE_DOCS = 20; // documents per simulated user, for the filtered searches
const WARMUP = 50;
const K = 5;

/** Deterministic PRNG (mulberry32), so every run measures the same data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Inverted index scored exhaustively, term at a time: what the pruning in Bm25Index saves. */
class ExhaustiveInvertedIndex {
  private readonly postings = new Map<string, { ids: number[]; tfs: number[] }>();
  private readonly lengths: number[] = [];
  private scores = new Float64Array(0);

  add(terms: Map<string, number>, length: number): void {
    const id = this.lengths.push(length) - 1;
    for (const [term, tf] of terms) {
      let p = this.postings.get(term);
      if (!p) this.postings.set(term, (p = { ids: [], tfs: [] }));
      p.ids.push(id);
      p.tfs.push(tf);
    }
  }

  search(queryTerms: readonly string[], k: number): number[] {
    const { k1, b } = DEFAULT_BM25_PARAMS;
    const n = this.lengths.length;
    if (this.scores.length !== n) this.scores = new Float64Array(n);
    const avgLength = this.lengths.reduce((s, l) => s + l, 0) / n;
    const touched: number[] = [];
    for (const term of queryTerms) {
      const p = this.postings.get(term);
      if (!p) continue;
      const idf = Math.log(1 + (n - p.ids.length + 0.5) / (p.ids.length + 0.5));
      for (let i = 0; i < p.ids.length; i++) {
        const id = p.ids[i];
        const tf = p.tfs[i];
        if (this.scores[id] === 0) touched.push(id);
        this.scores[id] += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * this.lengths[id]) / avgLength));
      }
    }
    const top = touched.sort((x, y) => this.scores[y] - this.scores[x] || x - y).slice(0, k);
    for (const id of touched) this.scores[id] = 0;
    return top;
  }
}

type Variant = { record: Record<string, number>; map: Map<string, number>; length: number };
type BaseChunk = { docKey: string; variants: Variant[] };

const random = rng(20240611);
const started = performance.now();

const base: BaseChunk[] = [];
const questions: EvalQuestion[] = [];
for (const dir of setDirs) {
  const set = loadEvalSet(dir);
  for (const doc of set.docs) {
    for (const chunk of chunkDocument({ pages: [{ page: null, text: doc.text }] })) {
      const tokens = tokenize(chunk.content);
      const variants: Variant[] = [];
      for (let v = 0; v < VARIANTS; v++) {
        const kept = v === 0 ? tokens : tokens.filter(() => random() >= DROP_RATE);
        variants.push({ record: termFrequencies(kept), map: countTerms(kept), length: kept.length });
      }
      base.push({ docKey: `${set.name}/${doc.file}`, variants });
    }
  }
  questions.push(...shuffle([...set.questions], random).slice(0, Math.ceil(queryCount / setDirs.length)));
}
shuffle(base, random);
const queryTerms = shuffle(questions, random)
  .slice(0, queryCount)
  .map((q) => tokenize(q.question));

type Timed<T> = { p50: number; p95: number; max: number; results: T[] };

function measure<T>(run: (terms: string[], i: number) => T, warmup: number): Timed<T> {
  queryTerms.slice(0, warmup).forEach(run);
  const samples: number[] = [];
  const results = queryTerms.map((terms, i) => {
    const t0 = performance.now();
    const result = run(terms, i);
    samples.push(performance.now() - t0);
    return result;
  });
  return {
    p50: round(percentile(samples, 0.5), 3),
    p95: round(percentile(samples, 0.95), 3),
    max: round(Math.max(...samples), 3),
    results,
  };
}

/** Same chunk ids in the same order with the same scores. */
function sameHits(a: { chunkId: number; score: number }[], b: { id: number; score: number }[]): boolean {
  return a.length === b.length && a.every((h, i) => h.chunkId === b[i].id && Math.abs(h.score - b[i].score) < 1e-9);
}

const latency = ({ p50, p95, max }: Timed<unknown>) => ({ p50, p95, max });

const results = sizes.map((size) => {
  const index = new Bm25Index(DEFAULT_BM25_PARAMS);
  const linear = new LinearBm25(DEFAULT_BM25_PARAMS);
  const exhaustive = new ExhaustiveInvertedIndex();
  // Chunk i is copy ⌊i / base⌋ of a base chunk, filed under its own document id per copy.
  const docIds: string[] = [];
  const variants: Variant[] = [];
  for (let i = 0; i < size; i++) {
    const copy = Math.floor(i / base.length);
    const chunk = base[i % base.length];
    docIds.push(`${chunk.docKey}#${copy}`);
    variants.push(chunk.variants[copy % VARIANTS]);
  }
  const buildStarted = performance.now();
  variants.forEach((v, i) => index.add({ chunkId: i, documentId: docIds[i], terms: v.record, length: v.length }));
  const buildMs = performance.now() - buildStarted;
  for (const v of variants) {
    linear.add(v.map, v.length);
    exhaustive.add(v.map, v.length);
  }

  // Users own SCOPE_DOCS documents each; query i searches user i's documents.
  const distinctDocs = [...new Set(docIds)];
  const scopes: Set<string>[] = [];
  for (let i = 0; i < distinctDocs.length; i += SCOPE_DOCS) scopes.push(new Set(distinctDocs.slice(i, i + SCOPE_DOCS)));
  const scopeOf = (i: number) => scopes[i % scopes.length];

  const indexed = measure((terms) => index.search(terms, { k: K }), WARMUP);
  const filtered = measure((terms, i) => index.search(terms, { k: K, documentIds: scopeOf(i) }), WARMUP);
  const unpruned = measure((terms) => exhaustive.search(terms, K), WARMUP);
  // The scan is slow at 100k chunks; a few warm-up queries are enough to compile it.
  const scan = measure((terms) => linear.search(terms, K), 5);

  // The pruned search must return exactly what the full scan returns, filtered or not.
  let exact = 0;
  let exactFiltered = 0;
  queryTerms.forEach((terms, i) => {
    if (sameHits(indexed.results[i], scan.results[i])) exact++;
    const scope = scopeOf(i);
    if (sameHits(filtered.results[i], linear.search(terms, K, (id) => scope.has(docIds[id])))) exactFiltered++;
  });

  return {
    chunks: index.size,
    documents: distinctDocs.length,
    buildMs: Math.round(buildMs),
    indexMs: latency(indexed),
    filteredIndexMs: { ...latency(filtered), scopeDocuments: SCOPE_DOCS },
    unprunedInvertedMs: latency(unpruned),
    linearScanMs: latency(scan),
    speedupVsLinear: { p50: round(scan.p50 / indexed.p50, 1), p95: round(scan.p95 / indexed.p95, 1) },
    speedupVsUnpruned: { p50: round(unpruned.p50 / indexed.p50, 1), p95: round(unpruned.p95 / indexed.p95, 1) },
    exactTopK: `${exact}/${queryTerms.length}`,
    exactTopKFiltered: `${exactFiltered}/${queryTerms.length}`,
  };
});

console.log(
  JSON.stringify({
    node: process.version,
    params: DEFAULT_BM25_PARAMS,
    baseChunks: base.length,
    variantsPerChunk: VARIANTS,
    queries: queryTerms.length,
    k: K,
    sizes: results,
    totalSeconds: Math.round((performance.now() - started) / 1000),
  }),
);
