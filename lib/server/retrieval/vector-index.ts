import "server-only";

export interface VectorHit {
  chunkId: number;
  documentId: string;
  score: number;
}

/**
 * Passage embeddings held in memory beside the lexical index, scored exactly (dot products of
 * unit vectors). Updated per document like the lexical index.
 */
export class VectorIndex {
  private readonly entries = new Map<number, { documentId: string; vector: Float32Array }>();
  private readonly byDocument = new Map<string, number[]>();

  get size() {
    return this.entries.size;
  }

  /** About how much memory the vectors hold (4 bytes a dimension, ~200 bytes of objects each). */
  estimatedBytes(): number {
    let bytes = 0;
    for (const { vector } of this.entries.values()) bytes += vector.byteLength + 200;
    return bytes;
  }

  add(chunkId: number, documentId: string, vector: readonly number[]) {
    this.entries.set(chunkId, { documentId, vector: Float32Array.from(vector) });
    const list = this.byDocument.get(documentId) ?? [];
    list.push(chunkId);
    this.byDocument.set(documentId, list);
  }

  removeDocument(documentId: string) {
    for (const chunkId of this.byDocument.get(documentId) ?? []) this.entries.delete(chunkId);
    this.byDocument.delete(documentId);
  }

  search(query: readonly number[], options: { k: number; documentIds?: ReadonlySet<string> }): VectorHit[] {
    const q = Float32Array.from(query);
    const hits: VectorHit[] = [];
    for (const [chunkId, { documentId, vector }] of this.entries) {
      if (options.documentIds && !options.documentIds.has(documentId)) continue;
      if (vector.length !== q.length) continue;
      let score = 0;
      for (let i = 0; i < q.length; i++) score += q[i] * vector[i];
      hits.push({ chunkId, documentId, score });
    }
    return hits.sort((a, b) => b.score - a.score || a.chunkId - b.chunkId).slice(0, options.k);
  }
}

/** Reciprocal rank fusion of several rankings (k = 60, the usual constant). */
export function fuseRankings<T extends { chunkId: number; documentId: string }>(rankings: readonly (readonly T[])[], k = 60) {
  const fused = new Map<number, { chunkId: number; documentId: string; score: number }>();
  for (const ranking of rankings) {
    ranking.forEach((hit, rank) => {
      const entry = fused.get(hit.chunkId) ?? { chunkId: hit.chunkId, documentId: hit.documentId, score: 0 };
      entry.score += 1 / (k + rank + 1);
      fused.set(hit.chunkId, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
}
