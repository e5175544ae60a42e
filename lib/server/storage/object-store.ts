import type { Readable } from "node:stream";

// Where uploaded originals live: one interface, two implementations (a directory on this
// machine, or an S3-compatible bucket shared by every instance). The same contract tests run
// against both (tests/integration/object-store.test.ts).

/** A body to store: whole bytes, or a stream read once. */
export type ObjectBody = Uint8Array | Readable;

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ObjectStore {
  /** "local" or "s3", for the health check and logs. */
  readonly kind: "local" | "s3";
  /** Stores the body under the key, replacing what was there; never leaves half an object visible. */
  put(key: string, body: ObjectBody, options?: { size?: number; contentType?: string }): Promise<void>;
  /** The object as a stream; rejects with a NotFound error when there is none. */
  stream(key: string): Promise<Readable>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored object, in pages, for collecting the ones no row points at. */
  list(): AsyncIterable<StoredObject>;
  /** Throws when the store cannot be used (the health check's storage readiness). */
  check(): Promise<void>;
}

/** What stream() rejects with when the key has no object. */
export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object: ${key}`);
    this.name = "ObjectNotFoundError";
  }
}

// Keys are made of generated ids only (the user's file name is metadata and never a key), so a
// key can never climb out of its directory or collide with another deployment's.
const KEY = /^[a-zA-Z0-9-]{1,80}\/[a-zA-Z0-9-]{1,80}$/;

export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function storageKeyFor(userId: string, documentId: string): string {
  return assertKey(`${userId}/${documentId}`);
}

/** Reads a stream into one buffer (the parsers need the whole file). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
