// npm run bench:service-scale [-- --sizes 1000,10000,100000 --queries 200]
// Query latency of the whole retrieval service (retrievePassages: the owner's stamp read from
// the database, the in-memory index, the passages read back from the database) on the embedded
// database at 1k, 10k and 100k passages. Passages are the eval documents' passages copied under
// new document ids and written straight to the database (parsing is measured by
// bench:ingestion). Baseline in the same run: the same questions scored by a linear-scan BM25.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LinearBm25, countTerms, loadEvalSet, parseArgs, percentile, round } from "./lib/eval-set";

const args = parseArgs(process.argv.slice(2));
const sizes = (args.get("sizes") || "1000,10000,100000").split(",").map(Number).filter((n) => n > 0 && n <= 200_000).sort((a, b) => a - b);
const queryCount = Math.min(1_000, Number(args.get("queries") || 200));
const evalRoot = path.resolve(import.meta.dirname, "../../shared/eval");
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "docchat-bench-scale-"));
process.env.LOG_LEVEL = "silent";

const { openDatabase, setDatabase, getDb } = await import("@/lib/server/db/client");
const { documents, documentChunks } = await import("@/lib/server/db/schema");
const { createUser } = await import("@/lib/server/queries/users");
const { chunkDocument } = await import("@/lib/server/ingest/chunker");
const { tokenize, termFrequencies } = await import("@/lib/server/ingest/tokenizer");
const { encodeTerms } = await import("@/lib/server/ingest/term-encoding");
const { bumpRetrievalStamp } = await import("@/lib/server/queries/retrieval-stamp");
const { retrievePassages } = await import("@/lib/server/use-cases/retrieve-passages");
const { DEFAULT_BM25_PARAMS } = await import("@/lib/server/retrieval/bm25-index");

const sets = [loadEvalSet(path.join(evalRoot, "drcd_dev")), loadEvalSet(path.join(evalRoot, "squad_v1.1_dev"))];
const base = sets.flatMap((set) =>
  set.docs.flatMap((doc) =>
    chunkDocument({ pages: [{ page: null, text: doc.text }] }).map((c) => {
      const tokens = tokenize(c.content);
      return { content: c.content, charStart: c.charStart, charEnd: c.charEnd, tokens, terms: termFrequencies(tokens) };
    }),
  ),
);
const questions = sets.flatMap((s) => s.questions.slice(0, Math.ceil(queryCount / 2))).map((q) => q.question);

const handle = await openDatabase({ memory: true });
setDatabase(handle);
const owner = (await createUser({ email: "scale@example.com", displayName: "Scale", role: "admin" }))!;
const db = await getDb();
const linear = new LinearBm25(DEFAULT_BM25_PARAMS);

const PER_DOCUMENT = 10;
let inserted = 0;
async function growTo(target: number) {
  while (inserted < target) {
    const count = Math.min(PER_DOCUMENT, target - inserted);
    const [doc] = await db
      .insert(documents)
      .values({ userId: owner.id, originalName: `copy-${inserted}.txt`, storageKey: `${owner.id}/x${inserted}`, kind: "txt", mimeType: "text/plain", sizeBytes: 1, contentHash: "-", status: "processed", chunkCount: count })
      .returning({ id: documents.id });
    const rows = Array.from({ length: count }, (_, i) => {
      const c = base[(inserted + i) % base.length];
      linear.add(countTerms(c.tokens), c.tokens.length);
      return { documentId: doc.id, userId: owner.id, ordinal: i, content: c.content, charStart: c.charStart, charEnd: c.charEnd, tokenCount: c.tokens.length, terms: encodeTerms(c.terms) };
    });
    await db.insert(documentChunks).values(rows);
    inserted += count;
  }
  await bumpRetrievalStamp(db, owner.id);
}

const results = [];
for (const size of sizes) {
  await growTo(size);
  const refreshStarted = performance.now();
  await retrievePassages({ ownerId: owner.id, question: "warm up", k: 5 });
  const indexUpdateMs = performance.now() - refreshStarted;
  const service: number[] = [];
  const scan: number[] = [];
  for (const q of questions) {
    let t = performance.now();
    await retrievePassages({ ownerId: owner.id, question: q, k: 5 });
    service.push(performance.now() - t);
    t = performance.now();
    linear.search(tokenize(q), 5);
    scan.push(performance.now() - t);
  }
  results.push({
    chunks: size,
    indexUpdateMs: round(indexUpdateMs, 1),
    serviceMs: { p50: round(percentile(service, 0.5), 2), p95: round(percentile(service, 0.95), 2) },
    linearScanMs: { p50: round(percentile(scan, 0.5), 2), p95: round(percentile(scan, 0.95), 2) },
    speedupP95: round(percentile(scan, 0.95) / percentile(service, 0.95), 1),
  });
}
console.log(JSON.stringify({ bench: "retrieval-service-scale", database: "pglite", queries: questions.length, sizes: results }, null, 2));
await handle.close();
rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
