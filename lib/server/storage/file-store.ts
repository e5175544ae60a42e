import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";

// Uploaded originals live under DATA_DIR/files, one file per document, named by generated ids
// only: the user's file name is metadata and never touches the file system. Writes go to a
// temporary name first and are renamed into place, so a crash never leaves half a file.

const ROOT = () => path.resolve(env.DATA_DIR, "files");
const KEY = /^[a-zA-Z0-9-]{1,80}\/[a-zA-Z0-9-]{1,80}$/;

function resolveKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return path.join(ROOT(), key);
}

export function storageKeyFor(userId: string, documentId: string) {
  return `${userId}/${documentId}`;
}

export async function putFile(key: string, bytes: Uint8Array): Promise<void> {
  const target = resolveKey(key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.part`;
  const handle = await fs.open(temp, "w");
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, target);
}

export async function getFile(key: string): Promise<Buffer> {
  return fs.readFile(resolveKey(key));
}

export async function deleteFile(key: string): Promise<void> {
  await fs.rm(resolveKey(key), { force: true });
}

export async function fileExists(key: string): Promise<boolean> {
  try {
    await fs.access(resolveKey(key));
    return true;
  } catch {
    return false;
  }
}
