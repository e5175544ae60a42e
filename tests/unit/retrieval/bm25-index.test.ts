import { describe, expect, it } from "vitest";
import { encodeTerms } from "@/lib/server/ingest/term-encoding";
import { Bm25Index, DEFAULT_BM25_PARAMS, type IndexedChunk } from "@/lib/server/retrieval/bm25-index";

const { k1, b } = DEFAULT_BM25_PARAMS;

/** The tests' chunks carry their terms as an object (the reference scorer reads them). */
type RecordChunk = IndexedChunk & { terms: Record<string, number> };

function chunk(chunkId: number, documentId: string, words: string): RecordChunk {
  const terms: Record<string, number> = {};
  const tokens = words.split(" ").filter(Boolean);
  for (const t of tokens) terms[t] = (terms[t] ?? 0) + 1;
  return { chunkId, documentId, terms, length: tokens.length };
}

/** BM25 computed from scratch over the live chunks: the specification the index must match. */
function reference(chunks: RecordChunk[], query: string[], k: number, documentIds?: ReadonlySet<string>) {
  const n = chunks.length;
  const avg = chunks.reduce((s, c) => s + c.length, 0) / n;
  const qtf = new Map<string, number>();
  for (const t of query) qtf.set(t, (qtf.get(t) ?? 0) + 1);
  const df = new Map([...qtf.keys()].map((t) => [t, chunks.filter((c) => c.terms[t]).length]));
  return chunks
    .filter((c) => !documentIds || documentIds.has(c.documentId))
    .map((c) => {
      let score = 0;
      for (const [t, q] of qtf) {
        const tf = c.terms[t] ?? 0;
        if (!tf) continue;
        const idf = Math.log(1 + (n - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
        score += (q * idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * c.length) / avg));
      }
      return { chunkId: c.chunkId, documentId: c.documentId, score };
    })
    .filter((h) => h.score > 0)
    .sort((x, y) => y.score - x.score || x.chunkId - y.chunkId)
    .slice(0, k);
}

function expectSameHits(actual: ReturnType<Bm25Index["search"]>, expected: ReturnType<typeof reference>) {
  expect(actual.map((h) => h.chunkId)).toEqual(expected.map((h) => h.chunkId));
  actual.forEach((h, i) => {
    expect(h.documentId).toBe(expected[i].documentId);
    expect(h.score).toBeCloseTo(expected[i].score, 9);
  });
}

/** Deterministic PRNG so the randomised cases are reproducible. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words with a Zipf-like spread, so some terms are in most chunks and others in a few. */
function randomCorpus(random: () => number, chunks: number, docs: number): RecordChunk[] {
  const vocabulary = Array.from({ length: 300 }, (_, i) => `w${i}`);
  const pick = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)];
  return Array.from({ length: chunks }, (_, i) =>
    chunk(i + 1, `doc${i % docs}`, Array.from({ length: 5 + Math.floor(random() * 60) }, pick).join(" ")),
  );
}

describe("Bm25Index ranking", () => {
  const chunks = [
    chunk(1, "a", "tennis court grass tennis"),
    chunk(2, "a", "tennis racket ball"),
    chunk(3, "b", "football grass pitch stadium crowd"),
    chunk(4, "b", "the history of the grass court"),
    chunk(5, "c", "stadium crowd noise"),
  ];
  const index = new Bm25Index();
  chunks.forEach((c) => index.add(c));

  it("counts live chunks", () => {
    expect(index.size).toBe(5);
  });

  it("ranks the chunk with more occurrences of the query term first", () => {
    expect(index.search(["tennis"], { k: 5 }).map((h) => h.chunkId)).toEqual([1, 2]);
  });

  it("weights rare terms above common ones", () => {
    // "racket" is in one chunk, "grass" in three: the racket chunk wins.
    expect(index.search(["grass", "racket"], { k: 1 })[0].chunkId).toBe(2);
  });

  it("prefers the shorter chunk at equal term frequency", () => {
    const hits = index.search(["crowd"], { k: 2 });
    expect(hits.map((h) => h.chunkId)).toEqual([5, 3]);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
  });

  it("matches the BM25 formula exactly, with repeated query terms counted", () => {
    for (const query of [["grass"], ["grass", "court"], ["grass", "grass", "court"], ["stadium", "tennis", "noise"]]) {
      expectSameHits(index.search(query, { k: 10 }), reference(chunks, query, 10));
    }
  });

  it("lets a repeated query term change the order", () => {
    expect(index.search(["stadium", "pitch"], { k: 1 })[0].chunkId).toBe(3);
    expect(index.search(["stadium", "noise", "noise"], { k: 1 })[0].chunkId).toBe(5);
  });

  it("returns only matching chunks, at most k, and nothing for unknown terms or k = 0", () => {
    expect(index.search(["racket"], { k: 10 })).toHaveLength(1);
    expect(index.search(["grass"], { k: 2 })).toHaveLength(2);
    expect(index.search(["unknown"], { k: 10 })).toEqual([]);
    expect(index.search([], { k: 10 })).toEqual([]);
    expect(index.search(["tennis"], { k: 0 })).toEqual([]);
  });

  it("breaks ties by ascending chunkId whatever the insertion order", () => {
    const tied = new Bm25Index();
    for (const id of [30, 10, 20, 40]) tied.add(chunk(id, `d${id}`, "same words here"));
    tied.add(chunk(5, "other", "unrelated text entirely"));
    const hits = tied.search(["same", "here"], { k: 3 });
    expect(hits.map((h) => h.chunkId)).toEqual([10, 20, 30]);
    expect(new Set(hits.map((h) => h.score)).size).toBe(1);
  });
});

describe("Bm25Index updates", () => {
  it("removes every chunk of a document", () => {
    const index = new Bm25Index();
    index.add(chunk(1, "a", "alpha beta"));
    index.add(chunk(2, "a", "alpha gamma"));
    index.add(chunk(3, "b", "alpha delta"));
    expect(index.removeDocument("a")).toBe(2);
    expect(index.size).toBe(1);
    expect(index.search(["alpha", "beta", "gamma"], { k: 10 }).map((h) => h.chunkId)).toEqual([3]);
    expect(index.removeDocument("a")).toBe(0);
    expect(index.removeDocument("never-added")).toBe(0);
  });

  it("updates idf and average length from live statistics after adds and removals", () => {
    const base = [chunk(1, "a", "rare word here"), chunk(2, "b", "other words there"), chunk(3, "c", "more text")];
    const extra = [chunk(4, "d", "rare rare"), chunk(5, "d", "rare thing")];
    const index = new Bm25Index();
    base.forEach((c) => index.add(c));
    const before = index.search(["rare"], { k: 1 })[0].score;
    expectSameHits(index.search(["rare"], { k: 5 }), reference(base, ["rare"], 5));

    extra.forEach((c) => index.add(c));
    expectSameHits(index.search(["rare"], { k: 5 }), reference([...base, ...extra], ["rare"], 5));
    const diluted = index.search(["rare"], { k: 5 }).find((h) => h.chunkId === 1)!.score;
    expect(diluted).toBeLessThan(before);

    index.removeDocument("d");
    expect(index.search(["rare"], { k: 5 })).toEqual([{ chunkId: 1, documentId: "a", score: before }]);
  });

  it("replaces a chunk added again under the same chunkId", () => {
    const index = new Bm25Index();
    index.add(chunk(1, "a", "old words"));
    index.add(chunk(2, "a", "other"));
    index.add(chunk(1, "a", "new words"));
    expect(index.size).toBe(2);
    expect(index.search(["old"], { k: 5 })).toEqual([]);
    expect(index.search(["new"], { k: 5 }).map((h) => h.chunkId)).toEqual([1]);
    expect(index.removeDocument("a")).toBe(2);
    expect(index.size).toBe(0);
  });

  it("stays exact after removing most documents (compaction) and adding more", () => {
    const random = rng(7);
    const corpus = randomCorpus(random, 3000, 600);
    const index = new Bm25Index();
    corpus.forEach((c) => index.add(c));
    for (let d = 0; d < 500; d++) index.removeDocument(`doc${d}`);
    let live = corpus.filter((c) => Number(c.documentId.slice(3)) >= 500);
    expect(index.size).toBe(live.length);

    const added = randomCorpus(random, 200, 40).map((c) => ({
      ...c,
      chunkId: c.chunkId + 10_000,
      documentId: `new${c.documentId}`,
    }));
    added.forEach((c) => index.add(c));
    live = [...live, ...added];
    expect(index.size).toBe(live.length);
    for (const query of [["w1", "w7", "w40"], ["w0"], ["w250", "w3", "w3"]]) {
      expectSameHits(index.search(query, { k: 10 }), reference(live, query, 10));
    }
    expect(index.search(["w5"], { k: 5000, documentIds: new Set(["doc3"]) })).toEqual([]);
  });
});

describe("Bm25Index documentIds filter", () => {
  const random = rng(42);
  const corpus = randomCorpus(random, 1200, 150);
  const index = new Bm25Index();
  corpus.forEach((c) => index.add(c));

  it("returns only chunks of the allowed documents, scored with the whole index's statistics", () => {
    const scopes = [
      new Set(["doc1"]),
      new Set(["doc2", "doc3", "doc99"]),
      new Set(corpus.slice(0, 900).map((c) => c.documentId)),
    ];
    for (const scope of scopes) {
      for (const query of [["w0", "w1"], ["w10", "w20", "w30"], ["w2", "w150", "w150"]]) {
        const hits = index.search(query, { k: 8, documentIds: scope });
        expect(hits.every((h) => scope.has(h.documentId))).toBe(true);
        expectSameHits(hits, reference(corpus, query, 8, scope));
      }
    }
  });

  it("returns nothing for an empty scope or unknown documents", () => {
    expect(index.search(["w0"], { k: 5, documentIds: new Set() })).toEqual([]);
    expect(index.search(["w0"], { k: 5, documentIds: new Set(["nope"]) })).toEqual([]);
  });
});

describe("Bm25Index from stored terms", () => {
  it("ranks the same from the stored (encoded) form as from objects, through removals and compaction", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const corpus = randomCorpus(random, 3000, 60);
    const fromObjects = new Bm25Index();
    const fromStored = new Bm25Index();
    for (const c of corpus) {
      fromObjects.add(c);
      fromStored.add({ ...c, terms: encodeTerms(c.terms) });
    }
    // Most documents removed: both compact their postings.
    for (let d = 0; d < 45; d++) {
      fromObjects.removeDocument(`doc${d}`);
      fromStored.removeDocument(`doc${d}`);
    }
    const live = corpus.filter((c) => Number(c.documentId.slice(3)) >= 45);
    for (let q = 0; q < 50; q++) {
      const query = Object.keys(live[Math.floor(random() * live.length)].terms).slice(0, 3);
      const expected = reference(live, query, 5);
      expect(fromStored.search(query, { k: 5 })).toEqual(fromObjects.search(query, { k: 5 }));
      expect(fromStored.search(query, { k: 5 }).map((h) => h.chunkId)).toEqual(expected.map((h) => h.chunkId));
    }
  });
});

describe("Bm25Index pruning", () => {
  it("returns exactly the full ranking's top k on random corpora and queries", () => {
    const random = rng(2024);
    const corpus = randomCorpus(random, 2000, 100);
    const index = new Bm25Index();
    corpus.forEach((c) => index.add(c));
    for (let q = 0; q < 60; q++) {
      const query = Array.from({ length: 1 + Math.floor(random() * 8) }, () => `w${Math.floor(300 * random() ** 2)}`);
      const k = [1, 3, 10][q % 3];
      expectSameHits(index.search(query, { k }), reference(corpus, query, k));
      const scope = new Set([`doc${q}`, `doc${q + 1}`]);
      expectSameHits(index.search(query, { k, documentIds: scope }), reference(corpus, query, k, scope));
    }
  });
});

describe("Bm25Index.estimatedBytes", () => {
  it("grows with what is indexed and shrinks back when documents are removed and compacted", () => {
    const index = new Bm25Index();
    const empty = index.estimatedBytes();
    for (let i = 0; i < 3_000; i++) {
      index.add({ chunkId: i, documentId: `doc-${i % 3}`, terms: { [`term${i}`]: 1, [`shared${i % 50}`]: 2, common: 1 }, length: 4 });
    }
    const full = index.estimatedBytes();
    // Per chunk: two small typed arrays and a slot; per term: postings and a dictionary entry.
    expect(full - empty).toBeGreaterThan(3_000 * 500);
    index.removeDocument("doc-0");
    index.removeDocument("doc-1");
    expect(index.estimatedBytes()).toBeLessThan(full * 0.6);
  });
});
