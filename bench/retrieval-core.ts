// Retrieval quality and speed of the in-memory core on one eval folder:
//   npm run bench:retrieval-core -- --set ../shared/eval/drcd_dev [--questions questions_all.jsonl]
//   [--k1 1.2 --b 0.75] [--limit N]
// Chunks every doc, tokenizes, indexes, runs every question (top 10), prints one JSON object, with
// the strongest simple baseline over the same chunks (LinearBm25 with the same parameters over
// character bigrams for a Chinese set, plain lowercase words for an English one) and the ratio to it.
import {
  allowServerOnlyImports,
  baselineTokenizer,
  bm25Baseline,
  type EvalDoc,
  evalSetLanguage,
  loadEvalSet,
  parseArgs,
  percentile,
  type RankedSpan,
  ratio,
  round,
  scoreRankings,
} from "./lib/eval-set";

allowServerOnlyImports();
const { chunkDocument, CHUNK_MAX_SIZE, CHUNK_TARGET_SIZE, CJK_CHAR_SIZE } = await import("../lib/server/ingest/chunker");
const { tokenize, termFrequencies } = await import("../lib/server/ingest/tokenizer");
const { Bm25Index, DEFAULT_BM25_PARAMS } = await import("../lib/server/retrieval/bm25-index");

const DEPTH = 10;
const WARMUP_QUERIES = 200;

const args = parseArgs(process.argv.slice(2));
const dir = args.get("set");
if (!dir) {
  console.error("usage: tsx bench/retrieval-core.ts --set DIR [--questions FILE] [--k1 X] [--b X] [--limit N]");
  process.exit(2);
}
const params = {
  k1: args.has("k1") ? Number(args.get("k1")) : DEFAULT_BM25_PARAMS.k1,
  b: args.has("b") ? Number(args.get("b")) : DEFAULT_BM25_PARAMS.b,
};
const set = loadEvalSet(dir, args.get("questions") || undefined);
const questions = args.has("limit") ? set.questions.slice(0, Number(args.get("limit"))) : set.questions;

type Span = RankedSpan & { content: string };

const chunkStarted = performance.now();
const chunks: Span[] = [];
for (const doc of set.docs as EvalDoc[]) {
  for (const c of chunkDocument({ pages: [{ page: null, text: doc.text }] })) {
    chunks.push({ docFile: doc.file, charStart: c.charStart, charEnd: c.charEnd, content: c.content });
  }
}
const chunkMs = performance.now() - chunkStarted;

// Tokenize throughput on the chunk texts, i.e. the document side as ingestion sees it.
const tokenizeStarted = performance.now();
const chunkTokens = chunks.map((c) => tokenize(c.content));
const tokenizeMs = performance.now() - tokenizeStarted;
const totalChars = chunks.reduce((sum, c) => sum + c.content.length, 0);
const totalTokens = chunkTokens.reduce((sum, t) => sum + t.length, 0);

const index = new Bm25Index(params);
const indexStarted = performance.now();
chunkTokens.forEach((tokens, chunkId) =>
  index.add({ chunkId, documentId: chunks[chunkId].docFile, terms: termFrequencies(tokens), length: tokens.length }),
);
const indexMs = performance.now() - indexStarted;

for (const q of questions.slice(0, WARMUP_QUERIES)) index.search(tokenize(q.question), { k: DEPTH });

const latencies: number[] = [];
const searchLatencies: number[] = [];
const rankings = questions.map((q) => {
  const started = performance.now();
  const terms = tokenize(q.question);
  const tokenized = performance.now();
  const hits = index.search(terms, { k: DEPTH });
  const done = performance.now();
  latencies.push(done - started);
  searchLatencies.push(done - tokenized);
  return hits.map((h) => chunks[h.chunkId]);
});

const scores = scoreRankings(questions, rankings);
const language = evalSetLanguage(set);
const tokenizer = baselineTokenizer(language);
const baseline = bm25Baseline(questions, chunks, params, tokenizer.tokens, DEPTH);
const ms = (x: number) => round(x, 3);

console.log(
  JSON.stringify({
    set: set.name,
    language,
    questionsFile: set.questionsFile,
    node: process.version,
    questions: scores.questions,
    docs: set.docs.length,
    chunks: chunks.length,
    meanChunkChars: Math.round(totalChars / chunks.length),
    params: { ...params, chunkTargetSize: CHUNK_TARGET_SIZE, chunkMaxSize: CHUNK_MAX_SIZE, cjkCharSize: CJK_CHAR_SIZE },
    recallAt1: scores.recallAt1,
    recallAt5: scores.recallAt5,
    mrr: scores.mrr,
    baseline: { name: tokenizer.name, recallAt1: baseline.recallAt1, recallAt5: baseline.recallAt5, mrr: baseline.mrr },
    ratioToBaseline: {
      recallAt1: ratio(scores.recallAt1, baseline.recallAt1),
      recallAt5: ratio(scores.recallAt5, baseline.recallAt5),
      mrr: ratio(scores.mrr, baseline.mrr),
    },
    queryLatencyMs: {
      p50: ms(percentile(latencies, 0.5)),
      p95: ms(percentile(latencies, 0.95)),
      max: ms(Math.max(...latencies)),
    },
    searchOnlyLatencyMs: { p50: ms(percentile(searchLatencies, 0.5)), p95: ms(percentile(searchLatencies, 0.95)) },
    tokenize: {
      chars: totalChars,
      tokens: totalTokens,
      ms: Math.round(tokenizeMs),
      charsPerSecond: Math.round((totalChars / tokenizeMs) * 1000),
      tokensPerSecond: Math.round((totalTokens / tokenizeMs) * 1000),
    },
    chunkMs: Math.round(chunkMs),
    indexMs: Math.round(indexMs),
  }),
);
