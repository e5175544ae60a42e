import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { DOCUMENT_NAME_MAX_LENGTH } from "@/lib/constants";
import { inTransaction } from "@/lib/server/queries/transaction";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { detectType, isEncryptedOffice, MIME_TYPES, type DocumentKind } from "@/lib/server/ingest/worker/detect-type.mjs";
import { countUnfinishedJobs, enqueueJob } from "@/lib/server/queries/jobs";
import { ingestQueueRefusal, INGEST_QUEUE_RETRY_SECONDS, queueClientKey } from "@/lib/server/policies/ingest-queue-caps";
import { pokeJobRunner } from "@/lib/server/jobs/runner";
import {
  findDocumentByClientId,
  insertDocument,
  monthlyUploads,
  takeUploadSlot,
  type DocumentRow,
} from "@/lib/server/queries/documents";
import { changeChosenDocuments, findAssistant } from "@/lib/server/queries/assistants";
import { objectStore } from "@/lib/server/storage/file-store";
import { storageKeyFor } from "@/lib/server/storage/object-store";
import { currentMonth, uploadLimitsFor } from "@/lib/server/policies/upload-limits";

export const INGEST_JOB = "ingest-document";

const MB = 1024 * 1024;

/** The user's file name, kept only as display metadata: no path, no control characters, bounded. */
export function cleanDocumentName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim()
    .slice(0, DOCUMENT_NAME_MAX_LENGTH);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "document" : cleaned;
}

export function overMonthlyLimit(limit: number): AppError {
  return new AppError("forbidden", {
    messageKey: "monthly_upload_limit",
    params: { limit },
    details: { limit, reason: "monthly_upload_limit" },
  });
}

/**
 * Stores an upload and queues its processing. Limits and the file type are checked before
 * anything is written; the file is written before the row that points at it, and removed again
 * if that row cannot be committed, so nothing half-made is left behind.
 */
export async function uploadDocument(input: {
  user: User;
  name: string;
  bytes: Uint8Array;
  clientId?: string;
  /** A document added from a web address (add-web-page.ts): where and when it was fetched, and "html" for a page. */
  source?: { url: string; fetchedAt: Date; kind: DocumentKind };
  /** The uploader's address (lib/server/http/client-ip.ts): the queue caps and fair share count by it. */
  clientAddress?: string;
  /**
   * One of the uploader's assistants that should answer from it (uploaded from that assistant's
   * insights, for a question it could not answer): added to its chosen documents, unless it
   * already answers from every document.
   */
  forAssistantId?: string;
}): Promise<{ document: DocumentRow; created: boolean }> {
  const { user, bytes } = input;
  const forAssistant = input.forAssistantId ? await findAssistant(user.id, input.forAssistantId) : undefined;
  if (input.forAssistantId && !forAssistant) throw new AppError("not_found", { messageKey: "not_found" });
  const limits = uploadLimitsFor(user);
  if (bytes.byteLength === 0) throw new AppError("bad_request", { messageKey: "empty_file" });
  if (bytes.byteLength > limits.maxBytes) {
    throw new AppError("payload_too_large", {
      messageKey: "file_too_large",
      params: { limit: limits.maxBytes / MB },
      details: { limitBytes: limits.maxBytes, sizeBytes: bytes.byteLength, reason: "file_too_large" },
    });
  }
  // A page's HTML is text to detectType; what it is was decided when it was fetched.
  const detected = input.source?.kind === "html" ? { kind: "html" as const, mimeType: MIME_TYPES.html } : detectType(bytes, input.name);
  if (!detected) {
    // Said as such: "not supported" would send the person looking for another format.
    if (isEncryptedOffice(bytes)) {
      throw new AppError("unsupported_media_type", { messageKey: "password_protected", details: { reason: "password_protected" } });
    }
    throw new AppError("unsupported_media_type", { messageKey: "unsupported_file_type", details: { reason: "unsupported_file_type" } });
  }

  if (input.clientId) {
    const existing = await findDocumentByClientId(user.id, input.clientId);
    if (existing) return { document: existing, created: false };
  }
  const clientKey = queueClientKey(input.clientAddress);
  const refusal = ingestQueueRefusal(await countUnfinishedJobs(INGEST_JOB, { ownerKey: user.id, clientKey }));
  if (refusal) {
    throw new AppError("rate_limited", {
      messageKey: `ingest_queue_full_${refusal.reason}`,
      params: { limit: refusal.limit, seconds: INGEST_QUEUE_RETRY_SECONDS },
      details: { limit: refusal.limit, reason: `ingest_queue_full_${refusal.reason}`, retryAfterSeconds: INGEST_QUEUE_RETRY_SECONDS },
      headers: { "Retry-After": String(INGEST_QUEUE_RETRY_SECONDS) },
    });
  }
  const month = currentMonth();
  if (limits.monthlyUploads !== null && (await monthlyUploads(user.id, month)) >= limits.monthlyUploads) {
    throw overMonthlyLimit(limits.monthlyUploads);
  }

  const id = randomUUID();
  const storageKey = storageKeyFor(user.id, id);
  await objectStore().put(storageKey, bytes, { contentType: detected.mimeType });
  try {
    const document = await inTransaction(async (t) => {
      if (!(await takeUploadSlot(t, user.id, month, limits.monthlyUploads))) throw overMonthlyLimit(limits.monthlyUploads!);
      const row = await insertDocument(t, {
        id,
        userId: user.id,
        originalName: cleanDocumentName(input.name),
        storageKey,
        kind: detected.kind,
        mimeType: detected.mimeType,
        sizeBytes: bytes.byteLength,
        contentHash: createHash("sha256").update(bytes).digest("hex"),
        clientId: input.clientId ?? null,
        sourceUrl: input.source?.url ?? null,
        fetchedAt: input.source?.fetchedAt ?? null,
      });
      await enqueueJob({ type: INGEST_JOB, payload: { documentId: id }, dedupeKey: `ingest:${id}`, ownerKey: user.id, clientKey }, t);
      if (forAssistant && !forAssistant.knowledgeAll) await changeChosenDocuments(t, user.id, forAssistant.id, { add: [id], remove: [] });
      return row;
    });
    pokeJobRunner();
    return { document, created: true };
  } catch (error) {
    // If this fails too, the object is collected later with the others no row points at.
    await objectStore().delete(storageKey).catch(() => undefined);
    // Two retries with the same client id racing: the loser answers with the winner's row.
    if (input.clientId && !(error instanceof AppError)) {
      const existing = await findDocumentByClientId(user.id, input.clientId);
      if (existing) return { document: existing, created: false };
    }
    throw error;
  }
}
