import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { makeManyPagesPdf, makeManyParagraphsDocx, makePdfFlateBomb } from "../../scripts/hostile-files";
import { startInstance, stopInstance, waitForHealth } from "./support/app-instance";
import { BOUNDED_INGEST_PORT } from "./support/ports";

// docs/rules/security.md#uploads-and-parsing: no upload within the free plan's limits takes the server's memory past its ingestion
// budget. Each hostile file is uploaded twice at once by one free account while another account
// uploads a small note; the server's resident memory (its process and every process it started)
// is sampled from /proc throughout.

const BASE = `http://127.0.0.1:${BOUNDED_INGEST_PORT}`;
const MB = 1024 * 1024;
const BUDGET_MB = 1024;
const SMALL_FILE_WAIT_MS = 5_000;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

type Doc = { id: string; status: string; errorReason: string | null };

/** Resident memory of a process and all its descendants, in bytes, from /proc. */
function treeRss(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    try {
      total += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"))?.[1] ?? 0) * 1024;
    } catch {
      // Ended meanwhile.
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

async function account(email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const res = await api.post("/api/register", { data: { email, password: "bounded-pass-1", displayName: email.split("@")[0] } });
  expect(res.status()).toBe(201);
  return api;
}

async function upload(api: APIRequestContext, name: string, bytes: Uint8Array, mimeType: string): Promise<string> {
  const res = await api.post("/api/documents/upload", { multipart: { file: { name, mimeType, buffer: Buffer.from(bytes) } } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Polls (bounded) until every listed document has left "processing". */
async function settled(api: APIRequestContext, ids: string[], deadlineMs: number): Promise<Doc[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const docs = ((await (await api.get("/api/documents")).json()) as Doc[]).filter((d) => ids.includes(d.id));
    if (docs.length === ids.length && docs.every((d) => d.status !== "processing")) return docs;
    if (Date.now() > until) throw new Error(`still processing after ${deadlineMs} ms: ${JSON.stringify(docs)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("hostile uploads: the server stays within its ingestion budget and up, and another user's small file is processed meanwhile", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bounded-"));
  const server = startInstance({ port: BOUNDED_INGEST_PORT, dataDir, env: { WORKSPACE_ACCESS: "everyone", INGEST_MEMORY_MB: String(BUDGET_MB) } });
  const apis: APIRequestContext[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    await waitForHealth(BASE);
    const admin = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
    apis.push(admin);
    expect((await admin.post("/api/trial-setup", { data: { email: "admin@example.com", password: "bounded-admin-1", displayName: "Admin" } })).status()).toBe(201);
    const other = await account("other@example.com");
    apis.push(other);

    // Warm up the upload path (route code, the parse processes) with an ordinary file, so what is
    // measured below is what the hostile files cost.
    const warm = await upload(other, "warm-up.txt", new TextEncoder().encode("第一次上傳的小檔案。"), "text/plain");
    expect((await settled(other, [warm], 30_000))[0].status).toBe("processed");
    await new Promise((r) => setTimeout(r, 2_000));
    const baseline = treeRss(server.pid!);
    let peak = baseline;
    sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid!))), 25);

    const hostile = [
      { name: "legal.docx", bytes: makeManyParagraphsDocx(62 * MB), mimeType: DOCX, reasons: ["too_much_text"] },
      { name: "streams.pdf", bytes: makePdfFlateBomb(2_048 * MB), mimeType: "application/pdf", reasons: ["out_of_memory"] },
      { name: "pages.pdf", bytes: makeManyPagesPdf(50_000), mimeType: "application/pdf", reasons: ["too_many_pages"] },
    ];
    const growth: Record<string, number> = {};
    for (const [i, file] of hostile.entries()) {
      expect(file.bytes.length).toBeLessThan(10 * MB);
      peak = baseline;
      const owner = await account(`hostile-${i}@example.com`);
      apis.push(owner);
      const ids = await Promise.all([upload(owner, file.name, file.bytes, file.mimeType), upload(owner, `copy-${file.name}`, file.bytes, file.mimeType)]);

      // Another user's note while both are being parsed.
      const noteAt = Date.now();
      const note = await upload(other, `note-${i}.txt`, new TextEncoder().encode(`A note from another user, number ${i}.`), "text/plain");
      const [noted] = await settled(other, [note], 30_000);
      expect(noted.status).toBe("processed");
      expect(Date.now() - noteAt).toBeLessThan(SMALL_FILE_WAIT_MS);
      const health = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2_000) });
      expect(health.status).toBe(200);

      const docs = await settled(owner, ids, 90_000);
      for (const doc of docs) {
        expect(doc.status).toBe("error");
        expect(file.reasons).toContain(doc.errorReason);
      }
      expect(server.exitCode).toBeNull();
      growth[file.name] = Math.round((peak - baseline) / MB);
      expect(growth[file.name], `${file.name}: growth past the ${BUDGET_MB} MB budget`).toBeLessThan(BUDGET_MB);
    }
    clearInterval(sampler);
    console.log(`bounded ingestion: baseline ${Math.round(baseline / MB)} MB; peak growth (MB) of a ${BUDGET_MB} MB budget: ${JSON.stringify(growth)}`);
    expect((await fetch(`${BASE}/api/health`)).status).toBe(200);
  } finally {
    if (sampler) clearInterval(sampler);
    await Promise.all(apis.map((api) => api.dispose()));
    await stopInstance(server);
  }
});
