import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { PARSE_MAX_MEMORY_MB, PARSE_TIMEOUT_MS } from "@/lib/constants";
import { chunkDocument } from "@/lib/server/ingest/chunker";
import { parseInWorker, ParseError } from "@/lib/server/ingest/parse-in-worker";
import { PageTermCollector } from "@/lib/server/ingest/passage-terms";
import { encodeTerms } from "@/lib/server/ingest/term-encoding";
import { termFrequencies, tokenize } from "@/lib/server/ingest/tokenizer";
import { log } from "@/lib/server/log";
import { embedPassages } from "@/lib/server/ai/embeddings";
import {
  findDocumentForJob,
  markDocumentError,
  saveProcessedDocument,
  type NewChunk,
} from "@/lib/server/queries/documents";
import { getFile } from "@/lib/server/storage/file-store";
import { bumpRetrievalStamp } from "./retrieval-stamp";

// Tokenising runs on the main thread; yielding every few chunks keeps other requests answered
// while a long document is indexed.
const CHUNKS_PER_SLICE = 50;

/**
 * Reads, parses, chunks and indexes one document. A file the parser refuses ends as status
 * "error" with a reason code the interface translates; anything else (a crash, the database
 * going away) is thrown so the job is retried. Writing is one transaction, so a retry after a
 * crash starts clean.
 */
export async function ingestDocument(documentId: string): Promise<void> {
  const doc = await findDocumentForJob(documentId);
  if (!doc || doc.status !== "processing") return;

  let bytes: Buffer;
  try {
    bytes = await getFile(doc.storageKey);
  } catch (error) {
    log.error("stored file missing", { documentId, error });
    await markDocumentError(documentId, "file_missing");
    return;
  }

  // PDF pages are tokenised here as the worker reads them, so indexing overlaps parsing.
  const collector = new PageTermCollector();
  let parsed;
  try {
    parsed = await parseInWorker(new Uint8Array(bytes), doc.kind, {
      timeoutMs: PARSE_TIMEOUT_MS,
      maxMemoryMb: PARSE_MAX_MEMORY_MB,
      onPage: doc.kind === "pdf" ? (page) => collector.addPage(page.text) : undefined,
      reuseKey: doc.userId,
    });
  } catch (error) {
    if (error instanceof ParseError) {
      log.info("document refused by parser", { documentId, code: error.code });
      await markDocumentError(documentId, error.code);
      return;
    }
    throw error;
  }

  const pieces = chunkDocument({ pages: parsed.pages });
  if (pieces.length === 0) {
    await markDocumentError(documentId, "no_text");
    return;
  }
  const streamed = collector.pages > 0 && collector.pages === parsed.pages.length ? collector.assign(pieces) : undefined;
  const chunks: NewChunk[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    let passage = streamed?.[i];
    if (!passage) {
      const tokens = tokenize(piece.content);
      passage = { encodedTerms: encodeTerms(termFrequencies(tokens)), tokenCount: tokens.length };
    }
    chunks.push({
      ordinal: piece.ordinal,
      content: piece.content,
      charStart: piece.charStart,
      charEnd: piece.charEnd,
      pageStart: piece.pageStart,
      pageEnd: piece.pageEnd,
      tokenCount: passage.tokenCount,
      terms: passage.encodedTerms,
    });
    if (i % CHUNKS_PER_SLICE === CHUNKS_PER_SLICE - 1) await yieldToEventLoop();
  }

  const vectors = await embedPassages(
    chunks.map((c) => c.content),
    doc.userId,
  );
  if (vectors) chunks.forEach((chunk, i) => (chunk.embedding = vectors[i]));

  await saveProcessedDocument({
    documentId,
    userId: doc.userId,
    pageCount: parsed.pageCount,
    chunks,
    afterWrite: (tx) => bumpRetrievalStamp(tx, doc.userId),
  });
}
