// npm run bench:scope [-- --passages 100000 --share 0.05 --queries 400]
// An assistant answers from some of its owner's documents by filtering the owner's one retrieval
// index, not with an index of its own. This measures what that costs, in one run over the same
// index and questions: the p95 of a question scoped to an assistant holding 5 % of the documents
// beside the p95 of the same question unscoped (target: scoped at most 1.2 times unscoped), and
// recall@5 of both on the eval questions whose document is in the assistant's set (scoped must not
// be lower). The index holds the eval documents (both sets) plus near-duplicate copies of them
// under other document ids (each copy drops a different ~10 % of its words) up to the size asked.
// The scoped timing includes building the document-id set from the list the database returns,
// as every question does. Each question is timed both ways in alternating order, five times, and
// keeps its median: on a shared machine an unpaired run swung the ratio from 1.2 to 2.8 between
// runs. Prints one JSON object.
import path from "node:path";
import { allowServerOnlyImports, isHit, loadEvalSet, parseArgs, percentile, round, type EvalQuestion, type RankedSpan } from "./lib/eval-set";

allowServerOnlyImports();
const { chunkDocument } = await import("../lib/server/ingest/chunker");
const { tokenize, termFrequencies } = await import("../lib/server/ingest/tokenizer");
const { Bm25Index } = await import("../lib/server/retrieval/bm25-index");

const args = parseArgs(process.argv.slice(2));
const evalRoot = path.resolve(import.meta.dirname, "../../shared/eval");
const sets = (args.get("sets") || [path.join(evalRoot, "drcd_dev"), path.join(evalRoot, "squad_v1.1_dev")].join(",")).split(",");
const passages = Math.min(300_000, Number(args.get("passages") || 100_000));
const share = Math.min(0.5, Number(args.get("share") || 0.05));
const queryCount = Number(args.get("queries") || 400);
const K = 5;
const DROP_RATE = 0.1;

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
const random = rng(20261207);

type Base = { file: string; charStart: number; charEnd: number; tokens: string[] };
const base: Base[] = [];
const questions: EvalQuestion[] = [];
for (const dir of sets) {
  const set = loadEvalSet(dir);
  for (const doc of set.docs) {
    for (const chunk of chunkDocument({ pages: [{ page: null, text: doc.text }] })) base.push({ file: doc.file, charStart: chunk.charStart, charEnd: chunk.charEnd, tokens: tokenize(chunk.content) });
  }
  questions.push(...set.questions);
}

// The index: the eval documents as they are (copy 0), then near-duplicate copies up to `passages`.
const index = new Bm25Index();
const spans: RankedSpan[] = [];
const documentOf: string[] = [];
const buildStarted = performance.now();
for (let i = 0; i < passages; i++) {
  const copy = Math.floor(i / base.length);
  const chunk = base[i % base.length];
  const tokens = copy === 0 ? chunk.tokens : chunk.tokens.filter(() => random() >= DROP_RATE);
  const documentId = `${chunk.file}#${copy}`;
  index.add({ chunkId: i, documentId, terms: termFrequencies(tokens), length: tokens.length });
  // A copy's passage is the same passage: found under any copy, the answer was found.
  spans.push({ docFile: chunk.file, charStart: chunk.charStart, charEnd: chunk.charEnd });
  documentOf.push(documentId);
}
const buildMs = performance.now() - buildStarted;

// The assistant: `share` of the documents, drawn at random, always including the eval documents
// of the questions asked (so recall compares like with like).
const allDocuments = [...new Set(documentOf)];
const asked = questions.sort(() => random() - 0.5).slice(0, queryCount);
const scope = new Set(asked.map((q) => `${q.docFile}#0`));
const target = Math.round(allDocuments.length * share);
for (const id of allDocuments.sort(() => random() - 0.5)) {
  if (scope.size >= target) break;
  scope.add(id);
}
const scopeList = [...scope];

type Search = (terms: string[]) => { chunkId: number }[];
const unscopedSearch: Search = (terms) => index.search(terms, { k: K });
const scopedSearch: Search = (terms) => index.search(terms, { k: K, documentIds: new Set(scopeList) });

// Paired: each question is asked both ways, in alternating order, ROUNDS times, and its time is
// the median of its rounds. On a machine other work shares, both ways then see the same moments.
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const queryTerms = asked.map((q) => tokenize(q.question));
for (const terms of queryTerms.slice(0, 50)) (unscopedSearch(terms), scopedSearch(terms));
const times = { unscoped: [] as number[], scoped: [] as number[] };
const rankings = { unscoped: [] as RankedSpan[][], scoped: [] as RankedSpan[][] };
queryTerms.forEach((terms, i) => {
  const rounds = { unscoped: [] as number[], scoped: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    const order: ("unscoped" | "scoped")[] = (i + r) % 2 === 0 ? ["unscoped", "scoped"] : ["scoped", "unscoped"];
    for (const way of order) {
      const started = performance.now();
      const hits = (way === "scoped" ? scopedSearch : unscopedSearch)(terms);
      rounds[way].push(performance.now() - started);
      if (r === 0) rankings[way].push(hits.map((h) => spans[h.chunkId]));
    }
  }
  times.unscoped.push(median(rounds.unscoped));
  times.scoped.push(median(rounds.scoped));
});
const recall = (way: "unscoped" | "scoped") => round(asked.filter((q, i) => rankings[way][i].slice(0, K).some((span) => isHit(q, span))).length / asked.length);
const figures = (xs: number[]) => ({ p50: round(percentile(xs, 0.5), 3), p95: round(percentile(xs, 0.95), 3) });
const unscoped = figures(times.unscoped);
const scoped = figures(times.scoped);

console.log(
  JSON.stringify({
    node: process.version,
    passages: index.size,
    documents: allDocuments.length,
    assistantDocuments: scope.size,
    assistantShare: round(scope.size / allDocuments.length, 3),
    questions: asked.length,
    buildSeconds: round(buildMs / 1000, 1),
    unscopedMs: unscoped,
    scopedMs: scoped,
    scopedToUnscopedP95: round(scoped.p95 / unscoped.p95, 2),
    recallAt5: { unscoped: recall("unscoped"), scoped: recall("scoped") },
  }),
);
