import type { ObjectStore } from "./object-store";
import { isStorageKey } from "./object-store";

// Copies every object of one store into another, streamed one at a time, so moving an existing
// DATA_DIR/files into a bucket holds one file's read buffer at most. Objects already at the
// target are skipped (an S3 object is only visible once whole), so an interrupted run is simply
// run again.

export interface CopyResult {
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
  bytes: number;
}

export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  options: { deleteSource?: boolean; dryRun?: boolean; onObject?: (key: string, outcome: "copied" | "skipped" | "failed") => void } = {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  for await (const object of from.list()) {
    // Half-written temporary files of a crashed write are not documents.
    if (!isStorageKey(object.key)) continue;
    try {
      if (await to.exists(object.key)) {
        result.skipped++;
        options.onObject?.(object.key, "skipped");
      } else {
        if (!options.dryRun) await to.put(object.key, await from.stream(object.key), { size: object.size });
        result.copied++;
        result.bytes += object.size;
        options.onObject?.(object.key, "copied");
      }
      // Only once the target holds it.
      if (options.deleteSource && !options.dryRun) await from.delete(object.key);
    } catch (error) {
      result.failed.push({ key: object.key, error: error instanceof Error ? error.message : String(error) });
      options.onObject?.(object.key, "failed");
    }
  }
  return result;
}
