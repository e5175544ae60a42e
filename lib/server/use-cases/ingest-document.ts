import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { PARSE_TIMEOUT_MS } from "@/lib/constants";
import { ChunkStream, chunkDocument, type Chunk } from "@/lib/server/ingest/chunker";
import { parseInWorker, ParseError, STREAMED_KINDS, type ParsedPage } from "@/lib/server/ingest/parse-in-worker";
import { PageTermCollector, type PassageTerms } from "@/lib/server/ingest/passage-terms";
import { encodeTerms } from "@/lib/server/ingest/term-encoding";
import { termFrequencies, tokenize } from "@/lib/server/ingest/tokenizer";
import { log } from "@/lib/server/log";
import { clearUnfinishedChunks, findDocumentForJob, finishProcessedDocument, isStillProcessing, markDocumentError, setOcrProgress } from "@/lib/server/queries/documents";
import { objectStore } from "@/lib/server/storage/file-store";
import { ObjectNotFoundError, readAll } from "@/lib/server/storage/object-store";
import { ChunkWriter } from "@/lib/server/use-cases/write-chunks";
import { passageText } from "@/lib/server/ingest/table-headers";
import { bumpRetrievalStamp, forgetRetrievalStamp } from "@/lib/server/queries/retrieval-stamp";
import { rewardInviterIfEarned } from "@/lib/server/use-cases/reward-inviter";

// Tokenising a Word or text file runs on the main thread after parsing; yielding every few
// chunks keeps other requests answered while a long one is indexed.
const CHUNKS_PER_SLICE = 50;
// OCR progress is written at most this often; each write also notices a deleted document. A
// streamed parse without OCR looks for a deletion as often.
const OCR_PROGRESS_GAP_MS = 1_000;
const DELETION_CHECK_GAP_MS = 1_000;

function passageTerms(chunk: Chunk): PassageTerms {
  const tokens = tokenize(passageText(chunk));
  return { encodedTerms: encodeTerms(termFrequencies(tokens)), tokenCount: tokens.length };
}

/**
 * Reads, parses, chunks and indexes one document. A file the parser refuses ends as status
 * "error" with a reason code the interface translates; anything else (a crash, the database
 * going away) is thrown so the job is retried.
 *
 * A PDF (a spreadsheet, a slide deck) is indexed while it is parsed: each page (block of a sheet's
 * rows, slide) the worker reads is tokenised here, the chunks
 * it completes are cut and written at once, and marking the document processed is all that is
 * left when the worker is done. A retry after a crash clears what the earlier attempt wrote.
 */
export async function ingestDocument(documentId: string): Promise<void> {
  const doc = await findDocumentForJob(documentId);
  if (!doc || doc.status !== "processing") return;

  let bytes: Buffer;
  try {
    bytes = await readAll(await objectStore().stream(doc.storageKey));
  } catch (error) {
    // Storage that cannot be reached right now is thrown, so the job is tried again later.
    if (!(error instanceof ObjectNotFoundError)) throw error;
    log.error("stored file missing", { documentId, error });
    await markDocumentError(documentId, "file_missing");
    return;
  }

  await clearUnfinishedChunks(documentId);
  const writer = new ChunkWriter(documentId, doc.userId);
  const stream = new ChunkStream();
  const collector = new PageTermCollector();

  // Deleting the document ends its parse, so a long file nobody wants any more gives its parsing
  // slot back at once. Scans and photos notice it when their progress is written (the write finds
  // no document still processing); other streamed files look for it between pages.
  const cancel = new AbortController();
  let lastProgressAt = 0;
  let progressWrite: Promise<void> = Promise.resolve();
  const cancelUnless = (stillWanted: boolean) => {
    if (!stillWanted) cancel.abort();
  };
  let lastDeletionCheckAt = Date.now();
  const onPage = (page: ParsedPage) => {
    collector.addPage(page.text);
    const closed = stream.addPage(page);
    writer.add(closed, collector.assign(closed));
    const now = Date.now();
    if (now - lastDeletionCheckAt < DELETION_CHECK_GAP_MS) return;
    lastDeletionCheckAt = now;
    progressWrite = progressWrite
      .then(() => isStillProcessing(documentId))
      .then(cancelUnless)
      .catch((error) => log.warn("deletion check failed", { documentId, error }));
  };
  // Scans and photos: the page being read is shown on the document.
  const onOcrPage = (page: number, pages: number) => {
    const now = Date.now();
    if (now - lastProgressAt < OCR_PROGRESS_GAP_MS && page !== 1) return;
    lastProgressAt = now;
    // This write notices a deletion too: a scanned PDF's pages need no check of their own.
    lastDeletionCheckAt = now;
    progressWrite = progressWrite
      .then(() => setOcrProgress(documentId, page, pages))
      .then(cancelUnless)
      .catch((error) => log.warn("OCR progress not saved", { documentId, error }));
  };

  const streamed = STREAMED_KINDS.includes(doc.kind);
  let parsed;
  try {
    parsed = await parseInWorker(new Uint8Array(bytes), doc.kind, {
      timeoutMs: PARSE_TIMEOUT_MS,
      onPage: streamed ? onPage : undefined,
      onOcrPage,
      signal: cancel.signal,
      reuseKey: doc.userId,
    });
  } catch (error) {
    await writer.stop();
    await progressWrite;
    if (error instanceof ParseError && error.code === "cancelled") {
      log.info("document deleted while it was parsed", { documentId });
      return;
    }
    if (error instanceof ParseError) {
      log.info("document refused by parser", { documentId, code: error.code });
      await markDocumentError(documentId, error.code);
      return;
    }
    throw error;
  }

  if (streamed) {
    const last = stream.finish();
    writer.add(last, collector.assign(last));
  } else {
    const chunks = chunkDocument({ pages: parsed.pages });
    for (let i = 0; i < chunks.length; i += CHUNKS_PER_SLICE) {
      const slice = chunks.slice(i, i + CHUNKS_PER_SLICE);
      writer.add(slice, slice.map(passageTerms));
      await yieldToEventLoop();
    }
  }

  await progressWrite;
  const written = await writer.finish();
  if (written === 0) {
    await markDocumentError(documentId, "no_text");
    return;
  }
  await finishProcessedDocument({
    documentId,
    pageCount: parsed.pageCount,
    chunkCount: written,
    unreadablePages: parsed.unreadablePages,
    // Indexed before (a web page fetched again): indexes holding its old passages are rebuilt.
    afterWrite: (tx) => bumpRetrievalStamp(tx, doc.userId, { full: doc.processedAt !== null }),
  });
  // Again after the commit: a search meanwhile may have cached the stamp from before it.
  forgetRetrievalStamp(doc.userId);
  // A first processed document is real use: an inviter waiting for it earns their days. The
  // document is processed whatever happens here.
  await rewardInviterIfEarned(doc.userId).catch((error) => log.error("referral reward not given", { documentId, error }));
}
