// npm run bench:tenants [-- --owners 1000 --passages 1000 --queries 3000 --zipf 1.0]
// One instance serving many owners within RETRIEVAL_CACHE_MB (the product's default unless set):
// 1,000 owners with 1,000 passages each (1M passages) are written to the database, tokenised and
// encoded by the ingestion code (parsing itself is bench:ingestion's), then questions are asked
// across owners in a Zipf pattern through retrievePassages, the whole retrieval service. Prints
// the process's peak memory, p50/p95 for hot owners (index in memory) and cold ones (index loaded
// from the database), and, in the same run, the same questions for the most asked owners with
// every one of their indexes in memory and no budget.
// On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a fresh database,
// dropped afterwards); else the embedded database on disk.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadEvalSet, parseArgs, percentile, round } from "./lib/eval-set";
import { createScratchPostgres } from "../scripts/scratch-postgres";

const args = parseArgs(process.argv.slice(2));
const OWNERS = Math.min(5_000, Number(args.get("owners") || 1_000));
const PASSAGES = Math.min(5_000, Number(args.get("passages") || 1_000));
const QUERIES = Math.min(20_000, Number(args.get("queries") || 3_000));
const ZIPF_S = Number(args.get("zipf") || 1.0);
const PER_DOCUMENT = 100;
const BASELINE_HEAP_BYTES = 700 * 1024 * 1024;

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-tenants-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
const scratch = serverUrl ? await createScratchPostgres(serverUrl, "bench_tenants") : undefined;

const { env } = await import("@/lib/env");
const { openDatabase, setDatabase, getDb } = await import("@/lib/server/db/client");
const { documents, documentChunks, users } = await import("@/lib/server/db/schema");
const { chunkDocument } = await import("@/lib/server/ingest/chunker");
const { tokenize, termFrequencies } = await import("@/lib/server/ingest/tokenizer");
const { encodeTerms } = await import("@/lib/server/ingest/term-encoding");
const { bumpRetrievalStamp } = await import("@/lib/server/queries/retrieval-stamp");
const { retrievePassages, resetRetrievalCache, retrievalCacheUsage } = await import("@/lib/server/use-cases/retrieve-passages");

const evalRoot = path.resolve(import.meta.dirname, "../tests/fixtures/eval");
const sets = [loadEvalSet(path.join(evalRoot, "drcd_dev")), loadEvalSet(path.join(evalRoot, "squad_v1.1_dev"))];
const base = sets.flatMap((set) =>
  set.docs.flatMap((doc) =>
    chunkDocument({ pages: [{ page: null, text: doc.text }] }).map((c) => {
      const tokens = tokenize(c.content);
      return { content: c.content, charStart: c.charStart, charEnd: c.charEnd, tokenCount: tokens.length, terms: encodeTerms(termFrequencies(tokens)) };
    }),
  ),
);
const questions = sets.flatMap((s) => s.questions.map((q) => q.question));

/** A small seeded generator, so every run asks the same questions of the same owners. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const handle = await openDatabase(scratch ? { url: scratch.url } : { dataDir: path.join(dataDir, "db") });
setDatabase(handle);
const db = await getDb();

// Owners are written straight to the database; each gets its own slice of the passages (rotated
// through the eval documents), so no two indexes are the same.
const loadStarted = performance.now();
const ownerIds: string[] = [];
for (let o = 0; o < OWNERS; o++) {
  const [user] = await db
    .insert(users)
    .values({ email: `tenant-${o}@example.com`, displayName: `Tenant ${o}`, referralCode: `T${o.toString(36).toUpperCase()}X${Date.now().toString(36)}`.slice(0, 20) })
    .returning({ id: users.id });
  ownerIds.push(user.id);
  for (let d = 0; d < PASSAGES / PER_DOCUMENT; d++) {
    const [doc] = await db
      .insert(documents)
      .values({ userId: user.id, originalName: `doc-${d}.txt`, storageKey: `${user.id}/d${d}`, kind: "txt", mimeType: "text/plain", sizeBytes: 1, contentHash: "-", status: "processed", chunkCount: PER_DOCUMENT })
      .returning({ id: documents.id });
    const offset = (o * PASSAGES + d * PER_DOCUMENT) * 7;
    await db.insert(documentChunks).values(
      Array.from({ length: PER_DOCUMENT }, (_, i) => {
        const c = base[(offset + i) % base.length];
        return { documentId: doc.id, userId: user.id, ordinal: i, content: c.content, charStart: c.charStart, charEnd: c.charEnd, tokenCount: c.tokenCount, terms: c.terms };
      }),
    );
  }
  await bumpRetrievalStamp(db, user.id);
  if ((o + 1) % 100 === 0) console.error(`  ${o + 1}/${OWNERS} owners written (${round((performance.now() - loadStarted) / 1000, 0)} s)`);
}
const loadSeconds = (performance.now() - loadStarted) / 1000;

// Zipf over owner ranks: the owner of rank r is asked with weight 1/r^s.
const weights = ownerIds.map((_, r) => 1 / Math.pow(r + 1, ZIPF_S));
const total = weights.reduce((a, b) => a + b, 0);
const cumulative: number[] = [];
weights.reduce((sum, w, i) => ((cumulative[i] = (sum + w) / total), sum + w), 0);
const random = mulberry32(42);
const plan = Array.from({ length: QUERIES }, () => {
  const u = random();
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return { rank: lo, question: questions[Math.floor(random() * questions.length)] };
});

let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 20);

global.gc?.();
resetRetrievalCache();
const hot: number[] = [];
const cold: number[] = [];
for (const { rank, question } of plan) {
  const owner = ownerIds[rank];
  const wasCached = retrievalCacheUsage().has(owner);
  const t = performance.now();
  await retrievePassages({ ownerId: owner, question, k: 5 });
  (wasCached ? hot : cold).push(performance.now() - t);
}
const bounded = { peakRss, peakHeap, cache: retrievalCacheUsage() };
const bytesPerOwner = bounded.cache.owners > 0 ? bounded.cache.bytes / bounded.cache.owners : 0;

// Baseline in the same run: no budget, and every index of the most asked owners loaded before the
// first question (as many owners as fit in about 700 MB of heap), then the same questions of those owners.
const baselineOwners = Math.max(1, Math.min(OWNERS, Math.floor(BASELINE_HEAP_BYTES / Math.max(1, bytesPerOwner))));
resetRetrievalCache(Number.MAX_SAFE_INTEGER);
global.gc?.();
for (let r = 0; r < baselineOwners; r++) await retrievePassages({ ownerId: ownerIds[r], question: "warm up", k: 5 });
const inMemory: number[] = [];
for (const { rank, question } of plan) {
  if (rank >= baselineOwners) continue;
  const t = performance.now();
  await retrievePassages({ ownerId: ownerIds[rank], question, k: 5 });
  inMemory.push(performance.now() - t);
}
clearInterval(sampler);

const mb = (bytes: number) => round(bytes / 1024 / 1024, 0);
const stats = (values: number[]) => ({ count: values.length, p50: round(percentile(values, 0.5), 2), p95: round(percentile(values, 0.95), 2) });
console.log(
  JSON.stringify(
    {
      bench: "tenants",
      database: handle.kind,
      owners: OWNERS,
      passagesPerOwner: PASSAGES,
      passages: OWNERS * PASSAGES,
      loadSeconds: round(loadSeconds, 0),
      queries: QUERIES,
      zipf: ZIPF_S,
      retrievalCacheMb: env.RETRIEVAL_CACHE_MB,
      bounded: {
        peakRssMb: mb(bounded.peakRss),
        peakHeapMb: mb(bounded.peakHeap),
        ownersInCache: bounded.cache.owners,
        estimatedMbPerOwner: round(bytesPerOwner / 1024 / 1024, 1),
        hotMs: stats(hot),
        coldMs: stats(cold),
      },
      everyIndexInMemory: { owners: baselineOwners, peakRssMbWhole: mb(peakRss), ms: stats(inMemory) },
      ratios: {
        hotP95ToInMemoryP95: round(percentile(hot, 0.95) / percentile(inMemory, 0.95), 2),
        coldP95ToInMemoryP95: round(percentile(cold, 0.95) / percentile(inMemory, 0.95), 1),
      },
      targets: { peakRssMb: 1_200, hotP95Ms: 30, coldP95Ms: 300 },
      met: {
        peakRss: bounded.peakRss <= 1_200 * 1024 * 1024,
        hotP95: percentile(hot, 0.95) <= 30,
        coldP95: percentile(cold, 0.95) <= 300,
      },
    },
    null,
    2,
  ),
);
await handle.close();
await scratch?.drop();
rmSync(dataDir, { recursive: true, force: true });
