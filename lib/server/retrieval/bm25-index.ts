import "server-only";
import { parseTermCounts, type TermCounts } from "@/lib/server/ingest/term-encoding";
import { PostingsPool, type Postings } from "./postings-pool";

export type IndexedChunk = {
  chunkId: number;
  documentId: string;
  /**
   * Term → occurrences in the chunk (integers; capped at 65535), or the terms as stored
   * (lib/server/ingest/term-encoding.ts), read here without building an object per chunk.
   */
  terms: Record<string, number> | string;
  /** Chunk length in tokens, normally the sum of `terms`. */
  length: number;
};

export type SearchOptions = { k: number; documentIds?: ReadonlySet<string> };
export type SearchHit = { chunkId: number; documentId: string; score: number };
export type Bm25Params = { k1: number; b: number };

/** Tuned on the DRCD and SQuAD eval sets (bench/retrieval-core.ts). */
export const DEFAULT_BM25_PARAMS: Bm25Params = { k1: 0.7, b: 0.75 };

type QueryTerm = { postings: Postings; weight: number; bound: number };

const MAX_TF = 0xffff;
// V8's costs beyond the data (see estimatedBytes).
const TYPED_ARRAY_OVERHEAD = 160;
const MAP_ENTRY_OVERHEAD = 100;

/**
 * In-memory BM25 over chunks, updated per document. Every chunk gets a slot; postings list slots in
 * increasing order, so a term's postings can be merged or galloped against a sorted candidate list.
 * Removal tombstones slots and updates the live statistics at once; the arrays are compacted once
 * half the slots are dead.
 *
 * Search is exact top-k, term at a time with MaxScore-style pruning: terms are scored from the
 * highest score bound down, and once the bounds of the terms left cannot lift an unseen chunk past
 * the current k-th score, the remaining (frequent, long) terms only update the candidates found so
 * far, by galloping through their postings.
 */
export class Bm25Index {
  private readonly k1: number;
  private readonly b: number;

  private termIds = new Map<string, number>();
  private postings = new PostingsPool();

  private slotCount = 0;
  private slotDoc = new Int32Array(1024); // document number, -1 once removed
  private slotChunkId = new Float64Array(1024);
  private slotLength = new Float64Array(1024);
  private slotTermIds: Int32Array[] = [];
  private slotTfs: Uint16Array[] = [];
  private slotNorm = new Float64Array(1024);
  private normsStale = true;

  private docNumbers = new Map<string, number>();
  private docIds: string[] = [];
  private docSlots: number[][] = [];
  private chunkSlots = new Map<number, number>();

  private liveCount = 0;
  private deadCount = 0;
  private totalLength = 0;

  private scores = new Float64Array(1024);
  private allowedDocs = new Uint8Array(64);

  constructor(params: Partial<Bm25Params> = {}) {
    this.k1 = params.k1 ?? DEFAULT_BM25_PARAMS.k1;
    this.b = params.b ?? DEFAULT_BM25_PARAMS.b;
  }

  /** Live chunks. */
  get size(): number {
    return this.liveCount;
  }

  /**
   * About how much memory the index holds, for the retrieval cache's budget: the typed arrays'
   * bytes plus V8's per-object costs (a typed array ~100 bytes, a map entry ~80, a string its
   * UTF-16 length), calibrated against the heap by bench/tenants.ts.
   */
  estimatedBytes(): number {
    let bytes = this.slotDoc.byteLength + this.slotChunkId.byteLength + this.slotLength.byteLength;
    bytes += this.slotNorm.byteLength + this.scores.byteLength + this.allowedDocs.byteLength;
    bytes += this.postings.bytes();
    for (let slot = 0; slot < this.slotCount; slot++) {
      bytes += this.slotTermIds[slot].byteLength + this.slotTfs[slot].byteLength + 2 * TYPED_ARRAY_OVERHEAD;
    }
    for (const term of this.termIds.keys()) bytes += 2 * term.length + MAP_ENTRY_OVERHEAD;
    bytes += this.chunkSlots.size * MAP_ENTRY_OVERHEAD;
    for (let n = 0; n < this.docIds.length; n++) bytes += 2 * this.docIds[n].length + MAP_ENTRY_OVERHEAD + 8 * this.docSlots[n].length;
    return bytes;
  }

  /** Adds a chunk; a chunk already indexed under the same chunkId is replaced. */
  add(chunk: IndexedChunk): void {
    const existing = this.chunkSlots.get(chunk.chunkId);
    if (existing !== undefined) this.removeSlot(existing, true);

    const slot = this.slotCount++;
    this.ensureSlotCapacity(this.slotCount);
    let docNumber = this.docNumbers.get(chunk.documentId);
    if (docNumber === undefined) {
      docNumber = this.docIds.length;
      this.docNumbers.set(chunk.documentId, docNumber);
      this.docIds.push(chunk.documentId);
      this.docSlots.push([]);
    }
    this.docSlots[docNumber].push(slot);
    this.chunkSlots.set(chunk.chunkId, slot);

    const counts = typeof chunk.terms === "string" ? parseTermCounts(chunk.terms) : recordTerms(chunk.terms);
    let termIds = new Int32Array(counts.length);
    let tfs = new Uint16Array(counts.length);
    let n = 0;
    for (let i = 0; i < counts.length; i++) {
      const term = counts.terms[i];
      const count = counts.counts[i];
      if (!(count > 0)) continue;
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = this.postings.create();
        this.termIds.set(term, id);
      }
      const tf = Math.min(MAX_TF, Math.round(count)) || 1;
      termIds[n] = id;
      tfs[n++] = tf;
      this.postings.append(id, slot, tf);
    }
    if (n < counts.length) {
      termIds = termIds.slice(0, n);
      tfs = tfs.slice(0, n);
    }

    this.slotDoc[slot] = docNumber;
    this.slotChunkId[slot] = chunk.chunkId;
    this.slotLength[slot] = chunk.length;
    this.slotTermIds[slot] = termIds;
    this.slotTfs[slot] = tfs;
    this.liveCount++;
    this.totalLength += chunk.length;
    this.normsStale = true;
  }

  /** Removes every chunk of a document; returns how many were removed. */
  removeDocument(documentId: string): number {
    const docNumber = this.docNumbers.get(documentId);
    if (docNumber === undefined) return 0;
    const slots = this.docSlots[docNumber];
    for (const slot of slots) this.removeSlot(slot, false);
    this.docSlots[docNumber] = [];
    this.docNumbers.delete(documentId);
    this.compactIfSparse();
    return slots.length;
  }

  /**
   * The k best chunks for the query terms (a term given twice counts twice), restricted to
   * `documentIds` when given. Scores use the statistics of the whole index, so a scoped search
   * returns the whole index's ranking filtered to the scope. Only chunks matching a term are returned.
   */
  search(queryTerms: readonly string[], options: SearchOptions): SearchHit[] {
    const k = Math.floor(options.k);
    if (k <= 0 || this.liveCount === 0) return [];

    const terms = this.queryTerms(queryTerms);
    if (terms.length === 0) return [];
    this.refreshNorms();

    const suffixBound = new Float64Array(terms.length + 1);
    for (let i = terms.length - 1; i >= 0; i--) suffixBound[i] = suffixBound[i + 1] + terms[i].bound;

    let allowed: Uint8Array | null = null;
    let candidates: Int32Array | null = null;
    if (options.documentIds) {
      const scope = this.scopeSlots(options.documentIds);
      if (scope.slotCount === 0) return [];
      allowed = scope.allowed;
      // Scoring a small scope chunk by chunk beats walking long postings of the whole index.
      const postingsTotal = terms.reduce((sum, t) => sum + t.postings.length, 0);
      if (scope.slotCount * terms.length * 4 < postingsTotal) candidates = this.sortedSlots(options.documentIds);
    }

    const scores = this.scores;
    const touched: number[] = candidates ? Array.from(candidates) : [];
    let next = 0;
    try {
      // Every chunk in the postings, until the terms left cannot lift an unseen chunk into the top k.
      let best = 0;
      while (!candidates && next < terms.length) {
        best = Math.max(best, this.accumulate(terms[next++], allowed, touched));
        const rest = suffixBound[next];
        // The k-th score is at most the best one: compute it only when it could exceed `rest`.
        if (next < terms.length && rest < best) {
          const threshold = kthScore(scores, touched, k);
          if (rest < threshold) candidates = prune(scores, touched, threshold - rest);
        }
      }
      // Then only the candidates, dropping those that can no longer reach the k-th score.
      while (candidates && next < terms.length) {
        this.accumulateCandidates(terms[next++], candidates);
        if (next < terms.length) {
          const threshold = kthScore(scores, candidates, k);
          if (threshold > 0) candidates = prune(scores, candidates, threshold - suffixBound[next]);
        }
      }
      return this.topK(candidates ?? touched, k);
    } finally {
      for (const slot of touched) scores[slot] = 0;
    }
  }

  /**
   * Each term's inverse document frequency over the whole index, as search() weighs it, and whether
   * any chunk holds it (one none holds weighs as one only a single chunk holds: in a small library
   * the weight of "held by none" would outweigh everything the library does hold).
   */
  termWeights(terms: readonly string[]): { weight: number; known: boolean }[] {
    const n = this.liveCount;
    return terms.map((term) => {
      const id = this.termIds.get(term);
      const df = id === undefined ? 0 : this.postings.df(id);
      const counted = Math.max(df, 1);
      return { weight: Math.log(1 + (n - counted + 0.5) / (counted + 0.5)), known: df > 0 };
    });
  }

  private queryTerms(queryTerms: readonly string[]): QueryTerm[] {
    const counts = new Map<number, number>();
    for (const term of queryTerms) {
      const id = this.termIds.get(term);
      if (id !== undefined && this.postings.df(id) > 0) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const n = this.liveCount;
    const minNorm = this.k1 * (1 - this.b);
    const terms: QueryTerm[] = [];
    for (const [id, queryTf] of counts) {
      const postings = this.postings.view(id);
      const idf = Math.log(1 + (n - postings.df + 0.5) / (postings.df + 0.5));
      const weight = idf * queryTf;
      const bound = (weight * postings.maxTf * (this.k1 + 1)) / (postings.maxTf + minNorm);
      terms.push({ postings, weight, bound });
    }
    return terms.sort((a, b) => b.bound - a.bound || a.postings.length - b.postings.length);
  }

  /** Adds a term's contribution to every live (and allowed) chunk in its postings; returns the best score reached. */
  private accumulate(term: QueryTerm, allowed: Uint8Array | null, touched: number[]): number {
    const { slots, tfs, length } = term.postings;
    const { scores, slotDoc, slotNorm } = this;
    const w = term.weight * (this.k1 + 1);
    let best = 0;
    for (let i = 0; i < length; i++) {
      const slot = slots[i];
      const doc = slotDoc[slot];
      if (doc < 0 || (allowed !== null && allowed[doc] === 0)) continue;
      const tf = tfs[i];
      if (scores[slot] === 0) touched.push(slot);
      const score = (scores[slot] += (w * tf) / (tf + slotNorm[slot]));
      if (score > best) best = score;
    }
    return best;
  }

  /** Adds a term's contribution to the given (sorted, live) slots only. */
  private accumulateCandidates(term: QueryTerm, candidates: Int32Array): void {
    const { slots, tfs, length } = term.postings;
    const { scores, slotNorm } = this;
    const w = term.weight * (this.k1 + 1);
    let pos = 0;
    for (let c = 0; c < candidates.length && pos < length; c++) {
      const slot = candidates[c];
      pos = gallop(slots, pos, length, slot);
      if (pos < length && slots[pos] === slot) {
        const tf = tfs[pos];
        scores[slot] += (w * tf) / (tf + slotNorm[slot]);
      }
    }
  }

  /** Highest scores first; equal scores by ascending chunkId, so results are deterministic. */
  private topK(slots: ArrayLike<number>, k: number): SearchHit[] {
    const { scores, slotChunkId } = this;
    const better = (a: number, b: number) =>
      scores[a] > scores[b] || (scores[a] === scores[b] && slotChunkId[a] < slotChunkId[b]);
    const heap: number[] = []; // min-heap of the best k: heap[0] is the worst kept
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (scores[slot] <= 0) continue;
      if (heap.length < k) heapPush(heap, slot, better);
      else if (better(slot, heap[0])) heapReplaceTop(heap, slot, better);
    }
    heap.sort((a, b) => (better(a, b) ? -1 : 1));
    return heap.map((slot) => ({
      chunkId: slotChunkId[slot],
      documentId: this.docIds[this.slotDoc[slot]],
      score: scores[slot],
    }));
  }

  private scopeSlots(documentIds: ReadonlySet<string>): { allowed: Uint8Array; slotCount: number } {
    if (this.allowedDocs.length < this.docIds.length) this.allowedDocs = new Uint8Array(this.docIds.length * 2);
    const allowed = this.allowedDocs;
    allowed.fill(0);
    let slotCount = 0;
    for (const id of documentIds) {
      const docNumber = this.docNumbers.get(id);
      if (docNumber === undefined) continue;
      allowed[docNumber] = 1;
      slotCount += this.docSlots[docNumber].length;
    }
    return { allowed, slotCount };
  }

  private sortedSlots(documentIds: ReadonlySet<string>): Int32Array {
    const out: number[] = [];
    for (const id of documentIds) {
      const docNumber = this.docNumbers.get(id);
      if (docNumber !== undefined) for (const slot of this.docSlots[docNumber]) out.push(slot);
    }
    return Int32Array.from(out).sort();
  }

  /** BM25 length normalisation k1·(1 − b + b·len/avgLen) per slot, recomputed after any change. */
  private refreshNorms(): void {
    if (!this.normsStale) return;
    const avgLength = this.totalLength / this.liveCount || 1;
    const { k1, b, slotLength, slotNorm } = this;
    for (let slot = 0; slot < this.slotCount; slot++) slotNorm[slot] = k1 * (1 - b + (b * slotLength[slot]) / avgLength);
    this.normsStale = false;
  }

  private removeSlot(slot: number, fromDocList: boolean): void {
    const docNumber = this.slotDoc[slot];
    if (docNumber < 0) return;
    const termIds = this.slotTermIds[slot];
    for (let i = 0; i < termIds.length; i++) this.postings.removeOne(termIds[i]);
    if (fromDocList) {
      const list = this.docSlots[docNumber];
      list.splice(list.indexOf(slot), 1);
    }
    this.chunkSlots.delete(this.slotChunkId[slot]);
    this.slotDoc[slot] = -1;
    this.liveCount--;
    this.deadCount++;
    this.totalLength -= this.slotLength[slot];
    this.normsStale = true;
  }

  /** Rebuilds slots, postings and the term dictionary without the dead entries. */
  private compactIfSparse(): void {
    if (this.deadCount < 1024 || this.deadCount < this.liveCount) return;
    const oldPostings = this.postings;
    const oldTermNames: string[] = new Array(oldPostings.count);
    for (const [term, id] of this.termIds) oldTermNames[id] = term;

    const remap = new Int32Array(this.slotCount).fill(-1);
    let live = 0;
    for (let slot = 0; slot < this.slotCount; slot++) if (this.slotDoc[slot] >= 0) remap[slot] = live++;

    const termRemap = new Int32Array(oldPostings.count).fill(-1);
    this.termIds = new Map();
    // Each live term gets exactly the room its live chunks need; the pool's spare room goes too.
    this.postings = new PostingsPool();
    for (let id = 0; id < oldPostings.count; id++) {
      const df = oldPostings.df(id);
      if (df === 0) continue;
      termRemap[id] = this.postings.create(df);
      this.termIds.set(oldTermNames[id], termRemap[id]);
    }

    const docRemap = new Int32Array(this.docIds.length).fill(-1);
    const docIds: string[] = [];
    const docSlots: number[][] = [];
    this.docNumbers = new Map();
    this.docIds.forEach((id, n) => {
      if (this.docSlots[n].length === 0) return;
      docRemap[n] = docIds.length;
      this.docNumbers.set(id, docIds.length);
      docIds.push(id);
      docSlots.push(this.docSlots[n].map((slot) => remap[slot]));
    });

    for (let slot = 0; slot < this.slotCount; slot++) {
      const to = remap[slot];
      if (to < 0) continue;
      const termIds = this.slotTermIds[slot].map((id) => termRemap[id]);
      const tfs = this.slotTfs[slot];
      for (let i = 0; i < termIds.length; i++) this.postings.append(termIds[i], to, tfs[i]);
      this.slotDoc[to] = docRemap[this.slotDoc[slot]];
      this.slotChunkId[to] = this.slotChunkId[slot];
      this.slotLength[to] = this.slotLength[slot];
      this.slotTermIds[to] = termIds;
      this.slotTfs[to] = tfs;
      this.chunkSlots.set(this.slotChunkId[to], to);
    }
    this.slotTermIds.length = live;
    this.slotTfs.length = live;
    this.slotCount = live;
    this.docIds = docIds;
    this.docSlots = docSlots;
    this.deadCount = 0;
    this.normsStale = true;
  }

  private ensureSlotCapacity(n: number): void {
    if (n <= this.slotDoc.length) return;
    const capacity = Math.max(n, this.slotDoc.length * 2);
    this.slotDoc = grow(this.slotDoc, capacity);
    this.slotChunkId = grow(this.slotChunkId, capacity);
    this.slotLength = grow(this.slotLength, capacity);
    this.slotNorm = grow(this.slotNorm, capacity);
    this.scores = grow(this.scores, capacity);
  }
}

function grow<T extends Int32Array | Uint16Array | Float64Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

function recordTerms(terms: Record<string, number>): TermCounts {
  const names = Object.keys(terms);
  return { terms: names, counts: names.map((t) => terms[t]), length: names.length };
}

/** First index ≥ from with slots[index] ≥ target (exponential, then binary search). */
function gallop(slots: Int32Array, from: number, length: number, target: number): number {
  if (from >= length || slots[from] >= target) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < length && slots[hi] < target) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  if (hi > length) hi = length;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >> 1;
    if (slots[mid] < target) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The k-th highest score among the slots, or 0 when there are fewer than k. */
function kthScore(scores: Float64Array, slots: ArrayLike<number>, k: number): number {
  if (slots.length < k) return 0;
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < slots.length; i++) {
    const s = scores[slots[i]];
    if (size < k) {
      let j = size++;
      heap[j] = s;
      while (j > 0) {
        const parent = (j - 1) >> 1;
        if (heap[parent] <= heap[j]) break;
        [heap[parent], heap[j]] = [heap[j], heap[parent]];
        j = parent;
      }
    } else if (s > heap[0]) {
      heap[0] = s;
      siftDownNumbers(heap, size);
    }
  }
  return heap[0];
}

function siftDownNumbers(heap: Float64Array, size: number): void {
  let j = 0;
  for (;;) {
    const l = 2 * j + 1;
    if (l >= size) return;
    const r = l + 1;
    const m = r < size && heap[r] < heap[l] ? r : l;
    if (heap[j] <= heap[m]) return;
    [heap[j], heap[m]] = [heap[m], heap[j]];
    j = m;
  }
}

/** Slots, in increasing order, whose score is at least `min` (the rest cannot reach the top k). */
function prune(scores: Float64Array, slots: ArrayLike<number>, min: number): Int32Array {
  const kept: number[] = [];
  for (let i = 0; i < slots.length; i++) if (scores[slots[i]] >= min) kept.push(slots[i]);
  return Int32Array.from(kept).sort();
}

function heapPush(heap: number[], item: number, better: (a: number, b: number) => boolean): void {
  let j = heap.push(item) - 1;
  while (j > 0) {
    const parent = (j - 1) >> 1;
    if (!better(heap[parent], heap[j])) break;
    [heap[parent], heap[j]] = [heap[j], heap[parent]];
    j = parent;
  }
}

function heapReplaceTop(heap: number[], item: number, better: (a: number, b: number) => boolean): void {
  heap[0] = item;
  let j = 0;
  for (;;) {
    const l = 2 * j + 1;
    if (l >= heap.length) return;
    const r = l + 1;
    const worst = r < heap.length && better(heap[l], heap[r]) ? r : l;
    if (!better(heap[j], heap[worst])) return;
    [heap[j], heap[worst]] = [heap[worst], heap[j]];
    j = worst;
  }
}
