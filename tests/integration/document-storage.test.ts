import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as upload from "@/app/api/documents/upload/route";
import * as one from "@/app/api/documents/[id]/route";
import * as userRoute from "@/app/api/users/[id]/route";
import * as health from "@/app/api/health/route";
import { getDb } from "@/lib/server/db/client";
import { documents, jobs } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setObjectStoreForTests } from "@/lib/server/storage/file-store";
import { readAll, type ObjectStore } from "@/lib/server/storage/object-store";
import { S3ObjectStore } from "@/lib/server/storage/s3-object-store";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { collectOrphanFiles } from "@/lib/server/use-cases/collect-orphan-files";
import { call, multipart, seedUser } from "../support/http";
import { startS3Server, type TestS3Server } from "../support/s3-server";

// Documents on S3-compatible storage (s3rver on loopback): uploads land in the bucket, parsing
// reads them from there, deletes remove them, and nothing half-made is left on either side.

let s3: TestS3Server;
let bucket: S3ObjectStore;

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
  s3 = await startS3Server();
  bucket = new S3ObjectStore(s3.config());
  setObjectStoreForTests(bucket);
});

afterAll(async () => {
  setObjectStoreForTests(undefined);
  bucket?.destroy();
  await s3?.close();
});

async function uploadAs(cookie: string, text: string, name = "公告.txt") {
  const { rawBody, headers } = await multipart({ file: new File([text], name, { type: "text/plain" }) });
  return call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
}

async function rowsOf(userId: string) {
  return (await getDb()).select().from(documents).where(eq(documents.userId, userId));
}

/** The bucket's store with one operation made to fail, as storage that is down. */
function failing(op: "put" | "stream"): ObjectStore {
  return new Proxy(bucket, {
    get(target, prop, receiver) {
      if (prop === op) return async () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }));
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("documents on S3 storage", () => {
  it("stores the upload in the bucket, parses it from there, and removes it with the document", async () => {
    const { cookie, user } = await seedUser();
    const res = await uploadAs(cookie, "資源回收在週二與週四。\n\n垃圾車每週一三五收運。");
    expect(res.status).toBe(201);
    const [row] = await rowsOf(user.id);
    expect(row.storageKey).toBe(`${user.id}/${row.id}`);
    expect((await readAll(await bucket.stream(row.storageKey))).toString()).toContain("資源回收");

    await drainJobs();
    const after = await call(one.GET, { cookie, params: { id: row.id } });
    expect(after.body.status).toBe("processed");

    const removed = await call(one.DELETE, { method: "DELETE", cookie, params: { id: row.id } });
    expect(removed.status).toBe(200);
    expect(await bucket.exists(row.storageKey)).toBe(false);
  });

  it("a failed write to storage leaves no document row and uses none of the month's uploads", async () => {
    const { cookie, user } = await seedUser();
    setObjectStoreForTests(failing("put"));
    try {
      const res = await uploadAs(cookie, "不會被存下的內容。");
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      setObjectStoreForTests(bucket);
    }
    expect(await rowsOf(user.id)).toEqual([]);
    // The next upload works and is the first of the month.
    const ok = await uploadAs(cookie, "第二次上傳。");
    expect(ok.status).toBe(201);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("storage that cannot be reached while parsing is retried later, not taken for a missing file", async () => {
    const { cookie, user } = await seedUser();
    const res = await uploadAs(cookie, "稍後才能讀取的文件。");
    setObjectStoreForTests(failing("stream"));
    try {
      await drainJobs();
    } finally {
      setObjectStoreForTests(bucket);
    }
    const [row] = await rowsOf(user.id);
    expect(row.status).toBe("processing");
    const db = await getDb();
    const [job] = await db.select().from(jobs).where(eq(jobs.dedupeKey, `ingest:${res.body.id}`));
    expect(job.status).toBe("queued");
    expect(job.lastError).toMatch(/ECONNREFUSED/);
    // Once storage answers, the retry finishes it.
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
    await drainJobs();
    expect((await rowsOf(user.id))[0].status).toBe("processed");
  });

  it("an object that is gone is reported as a missing file (no endless retries)", async () => {
    const { cookie, user } = await seedUser();
    await uploadAs(cookie, "被刪除的原始檔。");
    const [row] = await rowsOf(user.id);
    await bucket.delete(row.storageKey);
    await drainJobs();
    const [after] = await rowsOf(user.id);
    expect(after.status).toBe("error");
    expect(after.errorReason).toBe("file_missing");
  });

  it("deleting a user removes their files from the bucket", async () => {
    const admin = await seedUser({ role: "admin" });
    const { cookie, user } = await seedUser();
    await uploadAs(cookie, "第一份。");
    await uploadAs(cookie, "第二份。", "second.txt");
    const keys = (await rowsOf(user.id)).map((r) => r.storageKey);
    expect(keys).toHaveLength(2);
    const res = await call(userRoute.DELETE, { method: "DELETE", cookie: admin.cookie, params: { id: user.id } });
    expect(res.status).toBe(200);
    for (const key of keys) expect(await bucket.exists(key)).toBe(false);
  });

  it("collects objects no row points at once they are older than the grace period, and keeps the rest", async () => {
    const { cookie, user } = await seedUser();
    await uploadAs(cookie, "有主人的檔案。");
    const [row] = await rowsOf(user.id);
    const orphan = `${user.id}/${randomUUID()}`;
    await bucket.put(orphan, Buffer.from("no row points here"));

    // Within the grace period (an upload whose row is being written), nothing is touched.
    const young = await collectOrphanFiles({ store: bucket });
    expect(await bucket.exists(orphan)).toBe(true);
    expect(young.removed).toBe(0);

    const later = await collectOrphanFiles({ store: bucket, now: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(later.removed).toBeGreaterThanOrEqual(1);
    expect(await bucket.exists(orphan)).toBe(false);
    expect(await bucket.exists(row.storageKey)).toBe(true);
  });

  it("reports the bucket's readiness in /api/health, and 503 naming storage when it is gone", async () => {
    const res = await call(health.GET as never);
    expect(res.status).toBe(200);
    expect(res.body.storage).toMatchObject({ kind: "s3", reachable: true });
    const missing = new S3ObjectStore(s3.config({ bucket: "gone-bucket" }));
    setObjectStoreForTests(missing);
    try {
      // The last good answer is kept for 2 s; wait it out.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const down = await call(health.GET as never);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: "error", database: { reachable: true }, storage: { kind: "s3", reachable: false } });
    } finally {
      setObjectStoreForTests(bucket);
      missing.destroy();
    }
  });
});
