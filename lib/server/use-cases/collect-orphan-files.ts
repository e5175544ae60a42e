import "server-only";
import { storageKeysInUse } from "@/lib/server/queries/documents";
import { log } from "@/lib/server/log";
import { objectStore } from "@/lib/server/storage/file-store";
import { LocalObjectStore, PART_SUFFIX } from "@/lib/server/storage/local-object-store";
import type { ObjectStore, StoredObject } from "@/lib/server/storage/object-store";

// Removes stored objects no document row points at: a file whose row was never committed (the
// process died between the two), one whose delete failed while storage was unreachable, the files
// of a deleted account that could not be removed at once, and half-written temporary files. Runs
// once a day (lib/server/jobs/daily.ts).

export const COLLECT_ORPHANS_JOB = "collect-orphan-files";
/** An object younger than this may belong to an upload whose row is being written right now. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

export interface CollectResult {
  scanned: number;
  removed: number;
}

async function removeUnclaimed(store: ObjectStore, batch: StoredObject[]): Promise<number> {
  const keys = batch.filter((o) => !o.key.endsWith(PART_SUFFIX)).map((o) => o.key);
  const known = await storageKeysInUse(keys);
  let removed = 0;
  for (const object of batch) {
    if (known.has(object.key)) continue;
    if (object.key.endsWith(PART_SUFFIX)) {
      if (store instanceof LocalObjectStore) await store.deletePart(object.key);
    } else {
      await store.delete(object.key);
    }
    removed++;
  }
  return removed;
}

export async function collectOrphanFiles(options: { now?: Date; graceMs?: number; store?: ObjectStore } = {}): Promise<CollectResult> {
  const store = options.store ?? objectStore();
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let scanned = 0;
  let removed = 0;
  let batch: StoredObject[] = [];
  for await (const object of store.list()) {
    scanned++;
    if (object.lastModified.getTime() >= cutoff) continue;
    batch.push(object);
    if (batch.length >= BATCH) {
      removed += await removeUnclaimed(store, batch);
      batch = [];
    }
  }
  if (batch.length > 0) removed += await removeUnclaimed(store, batch);
  if (removed > 0) log.info("orphan files removed", { scanned, removed, storage: store.kind });
  return { scanned, removed };
}

