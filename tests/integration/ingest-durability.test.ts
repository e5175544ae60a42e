import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import * as upload from "@/app/api/documents/upload/route";
import { getDb } from "@/lib/server/db/client";
import { documentChunks, documents } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { finishProcessedDocument, markDocumentError } from "@/lib/server/queries/documents";
import { retrievePassages } from "@/lib/server/use-cases/retrieve-passages";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { call, multipart, seedUser } from "../support/http";

// Chunks are written while a document is still being parsed; these pin down why that is safe.

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../fixtures/documents", name));

async function uploadAs(cookie: string, file: File) {
  const { rawBody, headers } = await multipart({ file });
  const res = await call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function chunksOf(documentId: string) {
  const db = await getDb();
  return db.select().from(documentChunks).where(eq(documentChunks.documentId, documentId)).orderBy(asc(documentChunks.ordinal));
}

async function statusOf(documentId: string) {
  const db = await getDb();
  const [row] = await db.select({ status: documents.status, chunkCount: documents.chunkCount }).from(documents).where(eq(documents.id, documentId));
  return row;
}

async function writeLeftover(documentId: string, userId: string, ordinals: number[]) {
  const db = await getDb();
  await db.insert(documentChunks).values(
    ordinals.map((ordinal) => ({
      documentId,
      userId,
      ordinal,
      content: "殘留的半寫入段落：獨角獸住在彩虹橋。",
      charStart: 0,
      charEnd: 10,
      terms: "獨角獸\t1\n彩虹橋\t1\n",
      tokenCount: 2,
    })),
  );
}

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
});

describe("processing that writes chunks as it parses", () => {
  it("never searches the chunks of an unfinished document, and a retry replaces what a crashed attempt wrote", async () => {
    const { cookie, user } = await seedUser();
    const id = await uploadAs(cookie, new File([fixture("zh-3-pages.pdf")], "報告.pdf", { type: "application/pdf" }));
    // What an attempt killed mid-way leaves behind, including an ordinal the real run also writes.
    await writeLeftover(id, user.id, [0, 7]);
    expect(await retrievePassages({ ownerId: user.id, question: "獨角獸住在哪裡" })).toEqual([]);

    await drainJobs();
    const row = await statusOf(id);
    expect(row.status).toBe("processed");
    const chunks = await chunksOf(id);
    expect(chunks.map((c) => c.ordinal)).toEqual(Array.from({ length: row.chunkCount! }, (_, i) => i));
    expect(chunks.some((c) => c.content.includes("殘留"))).toBe(false);
    expect(await retrievePassages({ ownerId: user.id, question: "獨角獸住在哪裡" })).toEqual([]);
  });

  it("writes a long document in several batches, every chunk once and in order", async () => {
    const { cookie, user } = await seedUser();
    const paragraphs = Array.from({ length: 450 }, (_, i) => `第${i}段：編號${i}的段落說明${"這是一段測試用的內容，".repeat(40)}`);
    const id = await uploadAs(cookie, new File([paragraphs.join("\n\n")], "long.txt", { type: "text/plain" }));
    await drainJobs();
    const row = await statusOf(id);
    expect(row.status).toBe("processed");
    const chunks = await chunksOf(id);
    expect(row.chunkCount).toBeGreaterThan(400);
    expect(chunks.map((c) => c.ordinal)).toEqual(Array.from({ length: row.chunkCount! }, (_, i) => i));
    for (let i = 1; i < chunks.length; i++) expect(chunks[i].charStart).toBeGreaterThanOrEqual(chunks[i - 1].charEnd);
    const found = await retrievePassages({ ownerId: user.id, question: "編號449的段落" });
    expect(found[0].content).toContain("第449段");
  });

  it("stores text with quotes, backslashes, braces and the word NULL exactly as written", async () => {
    const { cookie } = await seedUser();
    const text = `他說："C:\\temp\\{a,b}" 與 'single' 及 NULL、null；{"json": [1, 2]} \\N end`;
    const id = await uploadAs(cookie, new File([text], "odd.txt", { type: "text/plain" }));
    await drainJobs();
    expect((await statusOf(id)).status).toBe("processed");
    expect((await chunksOf(id)).map((c) => c.content)).toEqual([text]);
  });

  it("refuses to mark a document processed when the rows written are not exactly its chunks", async () => {
    const { cookie, user } = await seedUser();
    const id = await uploadAs(cookie, new File(["內容"], "x.txt", { type: "text/plain" }));
    // Two attempts that both believed they held the job: ordinals 0, 1 written, and 1 again by the other.
    await writeLeftover(id, user.id, [0, 2]);
    await expect(finishProcessedDocument({ documentId: id, pageCount: null, chunkCount: 3 })).rejects.toThrow(/2 chunks written, 3 expected/);
    await expect(finishProcessedDocument({ documentId: id, pageCount: null, chunkCount: 2 })).rejects.toThrow(/written/);
    expect((await statusOf(id)).status).toBe("processing");
    await writeLeftover(id, user.id, [1]);
    expect(await finishProcessedDocument({ documentId: id, pageCount: null, chunkCount: 3 })).toBe(true);
    expect((await statusOf(id)).status).toBe("processed");
  });

  it("drops the chunks of a document that ends in an error", async () => {
    const { cookie, user } = await seedUser();
    const id = await uploadAs(cookie, new File(["內容"], "y.txt", { type: "text/plain" }));
    await writeLeftover(id, user.id, [0, 1]);
    expect(await markDocumentError(id, "timeout")).toBe(true);
    expect(await chunksOf(id)).toEqual([]);
    expect(await statusOf(id)).toMatchObject({ status: "error" });
  });
});
