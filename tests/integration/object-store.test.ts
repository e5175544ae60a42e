import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalObjectStore } from "@/lib/server/storage/local-object-store";
import { ObjectNotFoundError, readAll, type ObjectStore } from "@/lib/server/storage/object-store";
import { S3ObjectStore } from "@/lib/server/storage/s3-object-store";
import { startS3Server, type TestS3Server } from "../support/s3-server";

// One contract, two implementations: a directory on this machine and an S3-compatible bucket
// (s3rver on loopback: it knows its own access key, but does not verify V4 signatures).

let s3: TestS3Server;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = await fs.mkdtemp(path.join(os.tmpdir(), "docchat-store-"));
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(localRoot, { recursive: true, force: true });
});

const implementations: [string, () => ObjectStore][] = [
  ["local disk", () => new LocalObjectStore(localRoot)],
  ["S3 (s3rver)", () => new S3ObjectStore(s3.config())],
];

const key = () => `${randomUUID()}/${randomUUID()}`;
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A stream of `total` random bytes in 64 KB chunks, hashing what it gave out. */
function randomStream(total: number) {
  const hash = createHash("sha256");
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = randomBytes(Math.min(65_536, total - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest("hex") };
}

/** A stream that fails after `after` bytes, as a client that disconnects mid-upload. */
function failingStream(after: number) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= after) return void this.destroy(new Error("client went away"));
      const chunk = randomBytes(65_536);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

describe.each(implementations)("object store contract: %s", (_name, make) => {
  it("stores bytes and gives them back as a stream, byte for byte", async () => {
    const store = make();
    const k = key();
    const bytes = randomBytes(200_000);
    await store.put(k, bytes, { contentType: "application/pdf" });
    expect(await store.exists(k)).toBe(true);
    const back = await readAll(await store.stream(k));
    expect(sha(back)).toBe(sha(bytes));
  });

  it("stores a stream of unknown length larger than one multipart part (12 MB)", async () => {
    const store = make();
    const k = key();
    const { stream, digest } = randomStream(12 * 1024 * 1024);
    await store.put(k, stream);
    const back = await readAll(await store.stream(k));
    expect(back.byteLength).toBe(12 * 1024 * 1024);
    expect(sha(back)).toBe(digest());
  }, 60_000);

  it("replaces an object stored under the same key", async () => {
    const store = make();
    const k = key();
    await store.put(k, Buffer.from("first"));
    await store.put(k, Buffer.from("second version"));
    expect((await readAll(await store.stream(k))).toString()).toBe("second version");
  });

  it("rejects a missing object with ObjectNotFoundError and says it does not exist", async () => {
    const store = make();
    const k = key();
    expect(await store.exists(k)).toBe(false);
    await expect(store.stream(k)).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it("deletes an object (and deleting one that is not there is no error)", async () => {
    const store = make();
    const k = key();
    await store.put(k, Buffer.from("to be removed"));
    await store.delete(k);
    expect(await store.exists(k)).toBe(false);
    await expect(store.stream(k)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.delete(k)).resolves.toBeUndefined();
  });

  it("lists what it holds, with sizes and times", async () => {
    const store = make();
    const owner = randomUUID();
    const keys = [`${owner}/${randomUUID()}`, `${owner}/${randomUUID()}`];
    const before = Date.now() - 5_000;
    await store.put(keys[0], Buffer.alloc(10, 1));
    await store.put(keys[1], Buffer.alloc(25, 2));
    const listed = new Map<string, { size: number; lastModified: Date }>();
    for await (const object of store.list()) listed.set(object.key, object);
    expect(listed.get(keys[0])?.size).toBe(10);
    expect(listed.get(keys[1])?.size).toBe(25);
    expect(listed.get(keys[0])!.lastModified.getTime()).toBeGreaterThan(before);
  });

  it("refuses keys that are not two generated ids (no climbing out, no other names)", async () => {
    const store = make();
    for (const bad of ["../etc/passwd", "a/../../b", "a/b/c", "a", "a/b c", "/a/b", "a/b\u0000"]) {
      await expect(store.put(bad, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
      await expect(store.stream(bad)).rejects.toThrow(/Invalid storage key/);
    }
  });

  it("leaves nothing visible when the body fails midway", async () => {
    const store = make();
    const k = key();
    await expect(store.put(k, failingStream(6 * 1024 * 1024))).rejects.toThrow();
    expect(await store.exists(k)).toBe(false);
    // A failed replacement keeps the earlier object whole.
    await store.put(k, Buffer.from("kept"));
    await expect(store.put(k, failingStream(100_000))).rejects.toThrow();
    expect((await readAll(await store.stream(k))).toString()).toBe("kept");
  }, 60_000);

  it("answers the readiness check", async () => {
    await expect(make().check()).resolves.toBeUndefined();
  });
});

describe("S3 store specifics", () => {
  it("fails the readiness check for a bucket that does not exist", async () => {
    const store = new S3ObjectStore(s3.config({ bucket: "no-such-bucket" }));
    await expect(store.check()).rejects.toThrow();
  });

  it("fails with an access key the server does not know", async () => {
    const store = new S3ObjectStore(s3.config({ accessKeyId: "NOT-A-KEY" }));
    await expect(store.put(key(), Buffer.from("x"))).rejects.toThrow();
  });

  it("keeps a prefix's objects apart from the rest of the bucket", async () => {
    const plain = new S3ObjectStore(s3.config());
    const prefixed = new S3ObjectStore(s3.config({ prefix: `tenant-${randomUUID().slice(0, 8)}` }));
    const k = key();
    await prefixed.put(k, Buffer.from("prefixed"));
    expect(await plain.exists(k)).toBe(false);
    const listed: string[] = [];
    for await (const object of prefixed.list()) listed.push(object.key);
    expect(listed).toEqual([k]);
  });
});

describe("local store specifics", () => {
  it("lists a crashed write's temporary file so it can be collected, and removes it", async () => {
    const store = new LocalObjectStore(localRoot);
    const owner = randomUUID();
    await fs.mkdir(path.join(localRoot, owner), { recursive: true });
    const part = `${randomUUID()}.123.456.part`;
    await fs.writeFile(path.join(localRoot, owner, part), "half");
    const listed: string[] = [];
    for await (const object of store.list()) listed.push(object.key);
    expect(listed).toContain(`${owner}/${part}`);
    await store.deletePart(`${owner}/${part}`);
    await expect(fs.access(path.join(localRoot, owner, part))).rejects.toThrow();
    await expect(store.deletePart(`${owner}/../../x.part`)).rejects.toThrow();
  });
});
