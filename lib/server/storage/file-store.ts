import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { LocalObjectStore } from "./local-object-store";
import type { ObjectStore } from "./object-store";
import { S3ObjectStore } from "./s3-object-store";

// The process's object store, chosen once from the environment: an S3-compatible bucket when
// S3_BUCKET is set, else DATA_DIR/files on this machine.

let store: ObjectStore | undefined;

export function s3ConfigFromEnv() {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  };
}

export function localFilesDir(): string {
  return path.resolve(env.DATA_DIR, "files");
}

export function objectStore(): ObjectStore {
  if (store) return store;
  const s3 = s3ConfigFromEnv();
  store = s3 ? new S3ObjectStore(s3) : new LocalObjectStore(localFilesDir());
  return store;
}

/** Tests: use this store (or, with none, choose again from the environment). */
export function setObjectStoreForTests(next: ObjectStore | undefined): void {
  store = next;
}
