import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertKey, isStorageKey, ObjectNotFoundError, type ObjectBody, type ObjectStore, type StoredObject } from "./object-store";

// Objects as files under one directory (DATA_DIR/files): one machine, or a volume every instance
// mounts. Writes go to a temporary name first and are renamed into place, so a crash never
// leaves half a file under a real key; the temporary names are collected with the orphans.

export const PART_SUFFIX = ".part";

export class LocalObjectStore implements ObjectStore {
  readonly kind = "local" as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, assertKey(key));
  }

  async put(key: string, body: ObjectBody): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}${PART_SUFFIX}`;
    try {
      const out = createWriteStream(temp);
      await pipeline(body instanceof Readable ? body : Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]), out);
      const handle = await fs.open(temp, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async stream(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened before returning, so a missing file rejects here rather than on the first read.
    const handle = await fs.open(file, "r").catch((error: NodeJS.ErrnoException) => {
      throw error.code === "ENOENT" ? new ObjectNotFoundError(key) : error;
    });
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  /** Every object, and every temporary file left by a crashed write (named as its own key). */
  async *list(): AsyncIterable<StoredObject> {
    const owners = await fs.readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const owner of owners) {
      if (!owner.isDirectory()) continue;
      const dir = path.join(this.root, owner.name);
      for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (!entry.isFile()) continue;
        const key = `${owner.name}/${entry.name}`;
        if (!isStorageKey(key) && !entry.name.endsWith(PART_SUFFIX)) continue;
        const stat = await fs.stat(path.join(dir, entry.name)).catch(() => null);
        if (stat) yield { key, size: stat.size, lastModified: stat.mtime };
      }
    }
  }

  /** Removes a temporary file list() reported (its name is not a key, so delete() refuses it). */
  async deletePart(listedKey: string): Promise<void> {
    const [owner, name, ...rest] = listedKey.split("/");
    if (rest.length > 0 || !name?.endsWith(PART_SUFFIX) || !isStorageKey(`${owner}/x`)) throw new Error(`Not a temporary file: ${listedKey}`);
    await fs.rm(path.join(this.root, owner, path.basename(name)), { force: true });
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }
}
