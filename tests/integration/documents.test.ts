import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as list from "@/app/api/documents/route";
import * as upload from "@/app/api/documents/upload/route";
import * as one from "@/app/api/documents/[id]/route";
import * as bulk from "@/app/api/documents/bulk-delete/route";
import * as usage from "@/app/api/documents/usage/route";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/db/client";
import { documentChunks, documents, users } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { retrievePassages } from "@/lib/server/use-cases/retrieve-passages";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { eq } from "drizzle-orm";
import { call, multipart, seedUser } from "../support/http";

const MB = 1024 * 1024;

function textFile(name: string, text: string, type = "text/plain") {
  return new File([text], name, { type });
}

async function uploadAs(cookie: string, file: File, extra: Record<string, string> = {}) {
  const { rawBody, headers } = await multipart({ file, ...extra });
  return call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
}

async function storedRows(userId: string) {
  const db = await getDb();
  return db.select().from(documents).where(eq(documents.userId, userId));
}

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
});

describe("POST /api/documents/upload", () => {
  it("answers at once with the document in status processing, then processing finishes it", async () => {
    const { cookie, user } = await seedUser();
    const res = await uploadAs(cookie, textFile("台北.txt", "台北市政府公告：垃圾車每週一三五收運。\n\n資源回收在週二與週四。"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ originalName: "台北.txt", status: "processing", kind: "txt" });
    expect(typeof res.body.id).toBe("string");

    await drainJobs();
    const after = await call(one.GET, { cookie, params: { id: res.body.id } });
    expect(after.body.status).toBe("processed");
    expect(after.body.chunkCount).toBeGreaterThan(0);

    const passages = await retrievePassages({ ownerId: user.id, question: "資源回收是哪幾天？" });
    expect(passages[0].documentName).toBe("台北.txt");
    expect(passages[0].content).toContain("資源回收");
  });

  it("decides the type from the content, not the name: a renamed executable is refused and nothing is stored", async () => {
    const { cookie, user } = await seedUser();
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04])], "report.pdf", { type: "application/pdf" });
    const res = await uploadAs(cookie, exe);
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe("不支援的檔案格式，請上傳 PDF、Word（DOCX）、Excel（XLSX）、CSV、PowerPoint（PPTX）、純文字、Markdown 或圖片（JPG、PNG、WebP）檔案");
    expect(res.body.error.code).toBe("unsupported_media_type");
    expect(await storedRows(user.id)).toHaveLength(0);
    // A picture OCR does not read (GIF) is refused like any other unknown type.
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0])], "notes.txt", { type: "text/plain" });
    expect((await uploadAs(cookie, gif)).status).toBe(415);
    expect(await storedRows(user.id)).toHaveLength(0);
  });

  it("keeps hostile file names as metadata only and stores the file under a generated id", async () => {
    const { cookie, user } = await seedUser();
    for (const name of ["../../etc/passwd.txt", "..\\..\\boot.ini.txt", "a\u0000b\u0007c.txt", `${"長".repeat(1000)}.txt`]) {
      const res = await uploadAs(cookie, textFile(name, "hello world"));
      expect(res.status, name).toBe(201);
      expect(res.body.originalName).not.toMatch(/[\\/\u0000-\u001f]/);
      expect(res.body.originalName.length).toBeLessThanOrEqual(255);
    }
    for (const row of await storedRows(user.id)) {
      expect(row.storageKey).toBe(`${user.id}/${row.id}`);
      expect(existsSync(path.resolve(env.DATA_DIR, "files", row.storageKey))).toBe(true);
    }
  });

  it("enforces the free plan's 10 MB file limit on the server, naming the limit", async () => {
    const { cookie, user } = await seedUser();
    const big = textFile("big.txt", "a".repeat(10 * MB + 1));
    const res = await uploadAs(cookie, big);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe("檔案超過 10MB 的上限");
    expect(res.body.error.details).toMatchObject({ limitBytes: 10 * MB });
    expect(await storedRows(user.id)).toHaveLength(0);
  });

  it("refuses a body whose declared length cannot fit, before reading it", async () => {
    const { cookie } = await seedUser();
    const { rawBody, headers } = await multipart({ file: textFile("a.txt", "x") });
    const res = await call(upload.POST, {
      method: "POST",
      cookie,
      rawBody,
      headers: { ...headers, "content-length": String(11 * MB + 100_000) },
    });
    expect(res.status).toBe(413);
  });

  it("allows the free plan 5 uploads per calendar month, then refuses with the limit named", async () => {
    const { cookie, user } = await seedUser();
    for (let i = 0; i < 5; i++) expect((await uploadAs(cookie, textFile(`n${i}.txt`, `note ${i}`))).status).toBe(201);
    // Deleting does not give an upload back.
    const [first] = await storedRows(user.id);
    await call(one.DELETE, { method: "DELETE", cookie, params: { id: first.id } });
    const sixth = await uploadAs(cookie, textFile("n6.txt", "note 6"));
    expect(sixth.status).toBe(403);
    expect(sixth.body.error.message).toContain("本月已上傳 5 個檔案");
    expect(await storedRows(user.id)).toHaveLength(4);
    const u = await call(usage.GET, { cookie });
    expect(u.body).toMatchObject({ uploads: 5, monthlyLimit: 5, maxFileBytes: 10 * MB });
  });

  it("gives supporters, active trials and admins unlimited uploads and 30 MB", async () => {
    const supporter = await seedUser({ plan: "supporter" });
    const trial = await seedUser();
    const db = await getDb();
    await db.update(users).set({ trialEndsAt: new Date(Date.now() + 86_400_000) }).where(eq(users.id, trial.user.id));
    const admin = await seedUser({ role: "admin" });
    for (const who of [supporter, trial, admin]) {
      for (let i = 0; i < 6; i++) expect((await uploadAs(who.cookie, textFile(`s${i}.txt`, `text ${i}`))).status).toBe(201);
      const u = await call(usage.GET, { cookie: who.cookie });
      expect(u.body).toMatchObject({ monthlyLimit: null, maxFileBytes: 30 * MB });
    }
    const big = await uploadAs(supporter.cookie, textFile("big.txt", "b".repeat(12 * MB)));
    expect(big.status).toBe(201);
    const tooBig = await uploadAs(supporter.cookie, textFile("huge.txt", "c".repeat(30 * MB + 1)));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe("檔案超過 30MB 的上限");
  }, 60_000);

  it("creates one row for the same upload retried with the same client id", async () => {
    const { cookie, user } = await seedUser();
    const file = textFile("retry.txt", "same upload");
    const a = await uploadAs(cookie, file, { clientId: "client-id-12345" });
    const b = await uploadAs(cookie, file, { clientId: "client-id-12345" });
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect(await storedRows(user.id)).toHaveLength(1);
  });

  it("answers a missing file field or a non-multipart body with 400", async () => {
    const { cookie } = await seedUser();
    const { rawBody, headers } = await multipart({ other: "x" });
    expect((await call(upload.POST, { method: "POST", cookie, rawBody, headers })).status).toBe(400);
    expect((await call(upload.POST, { method: "POST", cookie, body: { file: "x" } })).status).toBe(400);
  });

  it("is refused to users without a workspace and to visitors", async () => {
    await setWorkspaceAccess("admins");
    const { cookie } = await seedUser();
    expect((await uploadAs(cookie, textFile("a.txt", "x"))).status).toBe(403);
    await setWorkspaceAccess("everyone");
    const { rawBody, headers } = await multipart({ file: textFile("a.txt", "x") });
    expect((await call(upload.POST, { method: "POST", rawBody, headers })).status).toBe(401);
  });
});

describe("GET /api/documents", () => {
  it("lists the caller's documents with status, name, size, pages and times, newest first", async () => {
    const { cookie } = await seedUser();
    await uploadAs(cookie, textFile("one.txt", "first"));
    await uploadAs(cookie, textFile("two.md", "# second"));
    const res = await call(list.GET, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.map((d: { originalName: string }) => d.originalName)).toEqual(["two.md", "one.txt"]);
    expect(res.body[0]).toMatchObject({ status: "processing", kind: "md", size: 8, errorReason: null });
    expect(res.body[0].createdAt).toMatch(/^\d{4}-/);
  });

  it("answers 401 when signed out", async () => {
    expect((await call(list.GET)).status).toBe(401);
  });
});

describe("DELETE /api/documents/{id}", () => {
  it("removes the file, its chunks and its index entries", async () => {
    const { cookie, user } = await seedUser();
    const res = await uploadAs(cookie, textFile("gone.txt", "獨角獸住在彩虹橋的另一端。"));
    await drainJobs();
    expect((await retrievePassages({ ownerId: user.id, question: "獨角獸住在哪裡" })).length).toBe(1);
    const [row] = await storedRows(user.id);
    const del = await call(one.DELETE, { method: "DELETE", cookie, params: { id: res.body.id } });
    expect(del.status).toBe(200);
    const db = await getDb();
    expect(await db.select().from(documentChunks).where(eq(documentChunks.documentId, res.body.id))).toHaveLength(0);
    expect(existsSync(path.resolve(env.DATA_DIR, "files", row.storageKey))).toBe(false);
    expect(await retrievePassages({ ownerId: user.id, question: "獨角獸住在哪裡" })).toEqual([]);
    expect((await call(one.DELETE, { method: "DELETE", cookie, params: { id: res.body.id } })).status).toBe(404);
  });

  it("answers 404 for another user's document, which stays untouched", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const res = await uploadAs(a.cookie, textFile("mine.txt", "secret"));
    expect((await call(one.GET, { cookie: b.cookie, params: { id: res.body.id } })).status).toBe(404);
    expect((await call(one.DELETE, { method: "DELETE", cookie: b.cookie, params: { id: res.body.id } })).status).toBe(404);
    expect((await call(one.GET, { cookie: a.cookie, params: { id: res.body.id } })).status).toBe(200);
  });
});

describe("POST /api/documents/bulk-delete", () => {
  it("reports per-document results and never touches another user's documents", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const d1 = (await uploadAs(a.cookie, textFile("1.txt", "one"))).body.id;
    const d2 = (await uploadAs(a.cookie, textFile("2.txt", "two"))).body.id;
    const other = (await uploadAs(b.cookie, textFile("b.txt", "bee"))).body.id;
    const res = await call(bulk.POST, { method: "POST", cookie: a.cookie, body: { ids: [d1, d2, other, "missing"] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: 2, failed: 2 });
    expect(res.body.results).toEqual([
      { id: d1, ok: true },
      { id: d2, ok: true },
      { id: other, ok: false, error: "not_found" },
      { id: "missing", ok: false, error: "not_found" },
    ]);
    expect((await call(one.GET, { cookie: b.cookie, params: { id: other } })).status).toBe(200);
  });

  it("validates the id list", async () => {
    const { cookie } = await seedUser();
    expect((await call(bulk.POST, { method: "POST", cookie, body: { ids: [] } })).status).toBe(400);
    expect((await call(bulk.POST, { method: "POST", cookie, body: { ids: Array.from({ length: 101 }, (_, i) => `x${i}`) } })).status).toBe(400);
  });
});

describe("retrieval after a restart", () => {
  it("preloads the indexes of recent owners so their first question finds passages", async () => {
    const { resetRetrievalCache, prewarmRetrieval } = await import("@/lib/server/use-cases/retrieve-passages");
    const { user, cookie } = await seedUser();
    await uploadAs(cookie, textFile("茶.txt", "阿里山高山茶產於海拔一千公尺以上的茶園。"));
    await drainJobs();
    resetRetrievalCache();
    await prewarmRetrieval();
    const passages = await retrievePassages({ ownerId: user.id, question: "阿里山高山茶產地海拔" });
    expect(passages[0]?.documentName).toBe("茶.txt");
  });
});
