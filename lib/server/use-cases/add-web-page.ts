import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import type { SafeFetchOptions } from "@/lib/server/outbound/safe-fetch";
import { parseInWorker, ParseError } from "@/lib/server/ingest/parse-in-worker";
import { MIME_TYPES } from "@/lib/server/ingest/worker/detect-type.mjs";
import { pokeJobRunner } from "@/lib/server/jobs/runner";
import { log } from "@/lib/server/log";
import { currentMonth, uploadLimitsFor } from "@/lib/server/policies/upload-limits";
import { findDocument, monthlyUploads, type DocumentRow } from "@/lib/server/queries/documents";
import { enqueueJob } from "@/lib/server/queries/jobs";
import { bumpRetrievalStamp, forgetRetrievalStamp } from "@/lib/server/queries/retrieval-stamp";
import { inTransaction } from "@/lib/server/queries/transaction";
import { findDocumentBySourceUrl, replaceWebPageSnapshot, touchFetchedAt } from "@/lib/server/queries/web-pages";
import { objectStore } from "@/lib/server/storage/file-store";
import { storageKeyFor } from "@/lib/server/storage/object-store";
import { fetchWebPage, normalizeWebAddress, type FetchedPage } from "@/lib/server/use-cases/fetch-web-page";
import { cleanDocumentName, INGEST_JOB, overMonthlyLimit, uploadDocument } from "@/lib/server/use-cases/upload-document";

// A web page as a document: fetched under the outbound rules (fetch-web-page.ts), its content
// read once in the bounded parse process before anything is stored, so a sign-in wall or a page
// with no readable text is refused with its reason and leaves nothing behind. Then it is stored
// and processed exactly like an upload (and counted like one): the fetched HTML is the original,
// with its address and fetch time on the row. A refresh fetches it again into the same row.

/** A page's reading before it is stored: the whole parse budget is for pages far larger than articles. */
const CHECK_TIMEOUT_MS = 20_000;

const unreadable = (reason: string) => new AppError("unprocessable", { messageKey: `webPages.errors.${reason}`, details: { reason } });

/** The name a fetched page is listed under: its title, or for a file its name. */
async function readablePage(page: FetchedPage, ownerId: string): Promise<string> {
  if (page.kind !== "html") return cleanDocumentName(page.fileName);
  try {
    const parsed = await parseInWorker(page.bytes, "html", { timeoutMs: CHECK_TIMEOUT_MS, reuseKey: ownerId });
    return cleanDocumentName(parsed.title ?? page.fileName);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    log.info("web page refused by parser", { url: page.url, code: error.code });
    if (error.code === "login_required" || error.code === "no_text") throw unreadable(error.code);
    if (error.code === "timeout" || error.code === "out_of_memory" || error.code === "too_much_text") throw unreadable("too_complex");
    throw unreadable("unreadable");
  }
}

/** Adds the page at `address` to the owner's documents. `fetchOptions` is for tests only (a loopback server). */
export async function addWebPage(input: {
  user: User;
  address: string;
  fetchOptions?: Partial<SafeFetchOptions>;
  /** The requester's address: its pages queue for processing under the same caps as uploads. */
  clientAddress?: string;
}): Promise<DocumentRow> {
  const { user, fetchOptions = {} } = input;
  const url = normalizeWebAddress(input.address, fetchOptions);
  const existing = await findDocumentBySourceUrl(user.id, url.href);
  if (existing) {
    throw new AppError("conflict", { messageKey: "webPages.errors.already_added", params: { name: existing.originalName }, details: { reason: "already_added", id: existing.id } });
  }
  // Before fetching anything: the month's uploads (counted again when the document is written).
  const limits = uploadLimitsFor(user);
  if (limits.monthlyUploads !== null && (await monthlyUploads(user.id, currentMonth())) >= limits.monthlyUploads) throw overMonthlyLimit(limits.monthlyUploads);

  const page = await fetchWebPage(url, limits.maxBytes, fetchOptions);
  const name = await readablePage(page, user.id);
  const { document } = await uploadDocument({
    user,
    name,
    bytes: page.bytes,
    source: { url: page.url, fetchedAt: page.fetchedAt, kind: page.kind },
    clientAddress: input.clientAddress,
  });
  return document;
}

/**
 * Fetches one of the owner's web pages again. Unchanged: only its fetch time moves. Changed: the
 * new copy replaces the old one in the same row (its id, assistants and collections stay) and is
 * processed again; the old copy is removed once the row points at the new one. A page that can no
 * longer be fetched or read leaves the document as it was. Not counted as an upload: it is the
 * same document.
 */
export async function refreshWebPage(input: { user: User; documentId: string; fetchOptions?: Partial<SafeFetchOptions> }): Promise<{ document: DocumentRow; unchanged: boolean }> {
  const { user, fetchOptions = {} } = input;
  const doc = await findDocument(user.id, input.documentId);
  if (!doc) throw new AppError("not_found", { messageKey: "document_not_found" });
  if (!doc.sourceUrl) throw new AppError("bad_request", { messageKey: "webPages.errors.not_a_web_page", details: { reason: "not_a_web_page" } });
  if (doc.status === "processing") throw new AppError("conflict", { messageKey: "webPages.errors.still_processing", details: { reason: "still_processing" } });

  const page = await fetchWebPage(normalizeWebAddress(doc.sourceUrl, fetchOptions), uploadLimitsFor(user).maxBytes, fetchOptions);
  const name = await readablePage(page, user.id);
  const contentHash = createHash("sha256").update(page.bytes).digest("hex");
  if (contentHash === doc.contentHash && doc.status === "processed") {
    await touchFetchedAt(user.id, doc.id, page.fetchedAt);
    return { document: { ...doc, fetchedAt: page.fetchedAt }, unchanged: true };
  }

  const mimeType = page.kind === "html" ? MIME_TYPES.html : MIME_TYPES[page.kind];
  // A key of its own: the old copy stays whole until the row no longer points at it.
  const storageKey = storageKeyFor(user.id, `${doc.id}-${randomUUID().slice(0, 8)}`);
  await objectStore().put(storageKey, page.bytes, { contentType: mimeType });
  let document: DocumentRow;
  try {
    document = await inTransaction(async (t) => {
      const row = await replaceWebPageSnapshot(t, {
        userId: user.id,
        id: doc.id,
        previousStorageKey: doc.storageKey,
        values: { storageKey, originalName: name, kind: page.kind, mimeType, sizeBytes: page.bytes.byteLength, contentHash, fetchedAt: page.fetchedAt },
      });
      if (!row) throw new AppError("conflict", { messageKey: "webPages.errors.still_processing", details: { reason: "still_processing" } });
      // Its old passages are gone from every instance's index until the new ones are in.
      await bumpRetrievalStamp(t, user.id);
      await enqueueJob({ type: INGEST_JOB, payload: { documentId: doc.id }, dedupeKey: `ingest:${storageKey}`, ownerKey: user.id }, t);
      return row;
    });
  } catch (error) {
    await objectStore().delete(storageKey).catch(() => undefined);
    throw error;
  }
  forgetRetrievalStamp(user.id);
  pokeJobRunner();
  // If this fails, the old copy is collected later with the other objects no row points at.
  await objectStore().delete(doc.storageKey).catch((error) => log.warn("stored file not removed", { key: doc.storageKey, error }));
  return { document, unchanged: false };
}
