import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PGlite } from "@electric-sql/pglite";
import { startInstance, waitForHealth as waitForInstance } from "./support/app-instance";
import { DURABLE_PORT as PORT } from "./support/ports";

// docs/rules/security.md#reliability: kill -9 of the server while documents are processing loses nothing.
// A second instance of the built app runs on its own embedded database for this test.

const BASE = `http://127.0.0.1:${PORT}`;

const startServer = (dataDir: string) => startInstance({ port: PORT, dataDir });
const waitForHealth = (deadlineMs: number) => waitForInstance(BASE, deadlineMs);

// Distinct Chinese text, large enough that indexing takes a noticeable time.
function bigChineseText(seed: number, paragraphs: number): string {
  const words = ["臺北", "高雄", "鐵路", "文化", "歷史", "博物館", "政府", "公告", "市民", "交通", "計畫", "教育", "醫療", "科技", "產業", "環境"];
  const out: string[] = [];
  let x = seed * 7919 + 1;
  for (let p = 0; p < paragraphs; p++) {
    const sentence: string[] = [];
    for (let w = 0; w < 60; w++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      sentence.push(words[x % words.length]);
    }
    out.push(`第${p + 1}段：${sentence.join("")}。`);
  }
  return out.join("\n\n");
}

test.describe("durable processing", () => {
  test("kill -9 mid-processing: after restart every document finishes, once, with its file kept", async () => {
    test.setTimeout(240_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-kill-"));
    let server = startServer(dataDir);
    try {
      await waitForHealth(60_000);
      const setup = await fetch(`${BASE}/api/trial-setup`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE },
        body: JSON.stringify({ email: "kill@example.com", password: "kill-test-pass", displayName: "Kill" }),
      });
      expect(setup.status).toBe(201);
      const cookie = setup.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const form = new FormData();
        form.append("file", new File([bigChineseText(i, 6_000)], `big-${i}.txt`, { type: "text/plain" }));
        const res = await fetch(`${BASE}/api/documents/upload`, { method: "POST", headers: { cookie, origin: BASE }, body: form });
        expect(res.status).toBe(201);
        ids.push((await res.json()).id);
      }
      const before = await (await fetch(`${BASE}/api/documents`, { headers: { cookie } })).json();
      expect(before.some((d: { status: string }) => d.status === "processing")).toBe(true);

      server.kill("SIGKILL");
      await new Promise((r) => server.once("exit", r));

      server = startServer(dataDir);
      const restartedAt = Date.now();
      await waitForHealth(60_000);
      let docs: { id: string; status: string; chunkCount: number }[] = [];
      while (Date.now() - restartedAt < 60_000) {
        docs = await (await fetch(`${BASE}/api/documents`, { headers: { cookie } })).json();
        if (docs.length === 6 && docs.every((d) => d.status !== "processing")) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(docs.map((d) => d.status)).toEqual(Array(6).fill("processed"));

      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));

      // Straight from the database: no duplicated or half-written chunks, originals still stored.
      const db = new PGlite(path.join(dataDir, "pgdata"));
      try {
        for (const doc of docs) {
          const { rows } = await db.query<{ n: number; distinct_ordinals: number; max_ordinal: number }>(
            "SELECT count(*)::int AS n, count(DISTINCT ordinal)::int AS distinct_ordinals, max(ordinal)::int AS max_ordinal FROM document_chunks WHERE document_id = $1",
            [doc.id],
          );
          expect(rows[0].n).toBe(doc.chunkCount);
          expect(rows[0].distinct_ordinals).toBe(doc.chunkCount);
          expect(rows[0].max_ordinal).toBe(doc.chunkCount - 1);
          const { rows: stored } = await db.query<{ storage_key: string }>("SELECT storage_key FROM documents WHERE id = $1", [doc.id]);
          expect(existsSync(path.join(dataDir, "files", stored[0].storage_key))).toBe(true);
        }
        // The processing jobs (a start also queues housekeeping for later, such as the orphan-file collection).
        // A job its killed process had finished but not yet marked is taken back at the restart,
        // not left running until its lease ends (lib/server/queries/jobs.ts#releaseLeasesOfStoppedProcess).
        const { rows: jobs } = await db.query<{ status: string }>("SELECT status FROM jobs WHERE type = 'ingest-document'");
        expect(jobs.map((j) => j.status)).toEqual(Array(6).fill("done"));
      } finally {
        await db.close();
      }
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
    }
  });
});
