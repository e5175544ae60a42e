import "server-only";
import { embedPassages } from "@/lib/server/ai/embeddings";
import type { Chunk } from "@/lib/server/ingest/chunker";
import { passageText } from "@/lib/server/ingest/table-headers";
import type { PassageTerms } from "@/lib/server/ingest/passage-terms";
import { insertChunks, type NewChunk } from "@/lib/server/queries/documents";

// Large enough that a 300-page book is a handful of statements, small enough that one batch never
// holds the embedded database for long.
const BATCH = 200;

/**
 * Writes a document's chunks in batches while the rest of it is still being parsed: one write at
 * a time, in order, each batch embedded first when an embedding model is configured. The
 * chunks stay invisible until the document is marked processed (queries/documents.ts).
 */
export class ChunkWriter {
  private pending: NewChunk[] = [];
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private stopped = false;
  written = 0;

  constructor(
    private readonly documentId: string,
    private readonly userId: string,
  ) {}

  add(chunks: readonly Chunk[], terms: readonly PassageTerms[]) {
    chunks.forEach((chunk, i) =>
      this.pending.push({
        ordinal: chunk.ordinal,
        content: chunk.content,
        charStart: chunk.charStart,
        charEnd: chunk.charEnd,
        pageStart: chunk.pageStart,
        pageEnd: chunk.pageEnd,
        pageBreaks: chunk.pageBreaks.length > 0 ? chunk.pageBreaks : null,
        tableHeader: chunk.tableHeader,
        tokenCount: terms[i].tokenCount,
        terms: terms[i].encodedTerms,
      }),
    );
    if (this.pending.length >= BATCH) this.flush();
  }

  /** Writes what is left and waits for every write; throws the first write's failure. */
  async finish(): Promise<number> {
    this.flush();
    await this.chain;
    if (this.failure) throw this.failure;
    return this.written;
  }

  /** Stops writing and waits until no write is in flight (before the document's chunks are cleared). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pending = [];
    await this.chain;
  }

  private flush() {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.chain = this.chain.then(async () => {
      if (this.stopped || this.failure) return;
      try {
        const vectors = await embedPassages(
          batch.map(passageText),
          this.userId,
        );
        if (vectors) batch.forEach((chunk, i) => (chunk.embedding = vectors[i]));
        await insertChunks(this.documentId, this.userId, batch);
        this.written += batch.length;
      } catch (error) {
        this.failure = error;
      }
    });
  }
}
