// npm run bench:retrieval -- --set <eval folder> [--questions questions_all.jsonl] [--limit N]
// Ingests every document of an eval folder through the product's real pipeline (upload, the
// parsing worker, chunking, tokenising, the database, the retrieval service) on a fresh embedded
// database, then asks every question and prints one JSON object: recall@1, recall@5 and MRR; the
// same figures of the strongest simple baseline over the same chunks, computed in the same run
// (BM25 with the product's parameters over character bigrams for a Chinese set, over plain
// lowercase words for an English one) and the product's ratio to it; query latency percentiles of
// the retrieval service.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  allowNextIntlOnReactServer,
  baselineTokenizer,
  bm25Baseline,
  evalSetLanguage,
  loadEvalSet,
  parseArgs,
  percentile,
  ratio,
  round,
  scoreRankings,
  type RankedSpan,
} from "./lib/eval-set";
import { ingestEvalSet } from "./lib/ingest-set";

const args = parseArgs(process.argv.slice(2));
const setDir = args.get("set");
if (!setDir) {
  console.error("usage: npm run bench:retrieval -- --set <folder in the format of shared/eval/*> [--questions file] [--limit N]");
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-retrieval-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
// The ingestion jobs reach next-intl through the e-mail jobs.
allowNextIntlOnReactServer();

const { openDatabase, setDatabase } = await import("@/lib/server/db/client");
const { createUser } = await import("@/lib/server/queries/users");
const { retrievePassages } = await import("@/lib/server/use-cases/retrieve-passages");
const { DEFAULT_BM25_PARAMS } = await import("@/lib/server/retrieval/bm25-index");
const { getDb } = await import("@/lib/server/db/client");
const { documentChunks, documents } = await import("@/lib/server/db/schema");
const { eq } = await import("drizzle-orm");

const set = loadEvalSet(path.resolve(setDir), args.get("questions") || undefined);
const limit = Number(args.get("limit") ?? Infinity);
const questions = set.questions.slice(0, limit);

const handle = await openDatabase({ memory: true });
setDatabase(handle);
const owner = (await createUser({ email: "bench@example.com", displayName: "Bench", role: "admin" }))!;
const ingested = await ingestEvalSet(owner, set);

const db = await getDb();
const rows = await db
  .select({ name: documents.originalName, content: documentChunks.content, charStart: documentChunks.charStart, charEnd: documentChunks.charEnd })
  .from(documentChunks)
  .innerJoin(documents, eq(documents.id, documentChunks.documentId));
const chunks = rows.map((r) => ({ docFile: r.name, charStart: r.charStart, charEnd: r.charEnd, content: r.content }));

// Warm the in-memory index once, as the first real question would.
await retrievePassages({ ownerId: owner.id, question: questions[0]?.question ?? "warm up", k: 5 });

const latencies: number[] = [];
const rankings: RankedSpan[][] = [];
for (const q of questions) {
  const started = performance.now();
  const passages = await retrievePassages({ ownerId: owner.id, question: q.question, k: 10 });
  latencies.push(performance.now() - started);
  rankings.push(passages.map((p) => ({ docFile: p.documentName, charStart: p.charStart, charEnd: p.charEnd })));
}
const scores = scoreRankings(questions, rankings);
const language = evalSetLanguage(set);
const tokenizer = baselineTokenizer(language);
const baseline = bm25Baseline(questions, chunks, DEFAULT_BM25_PARAMS, tokenizer.tokens);

console.log(
  JSON.stringify(
    {
      bench: "retrieval",
      set: set.name,
      language,
      questionsFile: set.questionsFile,
      documents: set.docs.length,
      documentsNotProcessed: ingested.notProcessed,
      chunks: chunks.length,
      questions: scores.questions,
      recallAt1: round(scores.recallAt1),
      recallAt5: round(scores.recallAt5),
      mrr: round(scores.mrr),
      baseline: {
        name: tokenizer.name,
        recallAt1: round(baseline.recallAt1),
        recallAt5: round(baseline.recallAt5),
        mrr: round(baseline.mrr),
      },
      ratioToBaseline: {
        recallAt1: ratio(scores.recallAt1, baseline.recallAt1),
        recallAt5: ratio(scores.recallAt5, baseline.recallAt5),
        mrr: ratio(scores.mrr, baseline.mrr),
      },
      queryLatencyMs: { p50: round(percentile(latencies, 0.5), 2), p95: round(percentile(latencies, 0.95), 2) },
      ingestSeconds: round(ingested.seconds, 2),
    },
    null,
    2,
  ),
);
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
