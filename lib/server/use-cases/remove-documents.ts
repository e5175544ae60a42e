import "server-only";
import { deleteDocuments } from "@/lib/server/queries/documents";
import { objectStore } from "@/lib/server/storage/file-store";
import { log } from "@/lib/server/log";
import { bumpRetrievalStamp, forgetRetrievalStamp } from "@/lib/server/queries/retrieval-stamp";
import type { DocumentRemoval } from "@/lib/server/present/document";

/**
 * Deletes documents the user owns: rows and chunks in one transaction (the retrieval stamp moves
 * with them, so every index drops them), then the stored files. Ids the user does not own are
 * reported as not found, exactly like ids that never existed. A file that could not be removed
 * now is removed later with the other objects no row points at (collect-orphan-files).
 */
export async function removeDocuments(userId: string, ids: readonly string[]): Promise<DocumentRemoval[]> {
  const deleted = await deleteDocuments(userId, ids, (tx) => bumpRetrievalStamp(tx, userId));
  // Again after the commit: a search meanwhile may have cached the stamp from before it.
  forgetRetrievalStamp(userId);
  const gone = new Set(deleted.map((d) => d.id));
  await removeStoredFiles(deleted.map((d) => d.storageKey));
  return ids.map((id) => (gone.has(id) ? { id, ok: true } : { id, ok: false, error: "not_found" as const }));
}

/**
 * Removes the stored files of rows already deleted. One that cannot be removed now (storage
 * unreachable) is left for collect-orphan-files, which removes objects no row points at.
 */
export async function removeStoredFiles(storageKeys: readonly string[]): Promise<void> {
  await Promise.all(
    storageKeys.map((key) => objectStore().delete(key).catch((error) => log.warn("stored file not removed", { key, error }))),
  );
}
