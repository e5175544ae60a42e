import { execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createScratchPostgres } from "../../../scripts/scratch-postgres";
import { startS3Server, type TestS3Server } from "../../support/s3-server";
import { startInstance, stopInstance, waitForHealth } from "../support/app-instance";
import { FAILOVER_PORTS } from "../support/ports";

// docs/rules/quality.md#robustness: instances that share nothing but PostgreSQL and an S3-compatible bucket
// (s3rver on loopback). Each has a data directory of its own, so a file uploaded through one can
// only reach another through the bucket. Runs when TEST_DATABASE_URL names a PostgreSQL server.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");
const PASSWORD = "failover-pass-1";

let s3: TestS3Server;
let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
let db: pg.Client;
const running: ChildProcess[] = [];

function start(port: number): { base: string; process: ChildProcess } {
  const child = startInstance({
    port,
    dataDir: mkdtempSync(path.join(tmpdir(), `docchat-failover-${port}-`)),
    // The owner asks many questions here; the visitor limit stays the product's.
    env: { DATABASE_URL: scratch.url, ...s3.env(), MESSAGE_LIMIT_PER_USER_PER_MINUTE: "500" },
  });
  running.push(child);
  return { base: `http://127.0.0.1:${port}`, process: child };
}

test.beforeAll(async () => {
  s3 = await startS3Server("failover");
  scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!, "failover");
  db = new pg.Client({ connectionString: scratch.url });
});

test.afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) await stopInstance(child);
  await db?.end().catch(() => undefined);
  await scratch?.drop();
  await s3?.close();
});

const json = { "content-type": "application/json" };
const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

async function ask(base: string, cookie: string, content: string) {
  const res = await fetch(`${base}/api/messages`, { method: "POST", headers: { ...json, cookie, origin: base }, body: JSON.stringify({ content }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { aiMessage: { content: string; sources: { documentName: string }[] } }).aiMessage;
}

async function upload(base: string, cookie: string, file: File) {
  const form = new FormData();
  form.append("file", file);
  const res = await fetch(`${base}/api/documents/upload`, { method: "POST", headers: { cookie, origin: base }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function statusOf(base: string, cookie: string, id: string) {
  return ((await (await fetch(`${base}/api/documents/${id}`, { headers: { cookie } })).json()) as { status: string; pageCount: number | null });
}

test("instances on one PostgreSQL and one bucket fail over, agree within seconds, count limits once, and take in a third mid-way", async () => {
  test.setTimeout(360_000);
  const pdfPath = path.join(mkdtempSync(path.join(tmpdir(), "docchat-pdf-")), "long.pdf");
  await run(path.join(root, "node_modules/.bin/tsx"), ["--conditions=react-server", "tests/e2e/support/make-long-pdf.ts", pdfPath, "300"], { cwd: root, timeout: 120_000 });

  // A alone first, so that A is the one parsing.
  const a = start(FAILOVER_PORTS[0]);
  await waitForHealth(a.base);
  const health = await (await fetch(`${a.base}/api/health`)).json();
  expect(health).toMatchObject({ status: "ok", database: { kind: "postgres", reachable: true }, storage: { kind: "s3", reachable: true } });
  await db.connect();

  const setup = await fetch(`${a.base}/api/trial-setup`, { method: "POST", headers: { ...json, origin: a.base }, body: JSON.stringify({ email: "failover@example.com", password: PASSWORD, displayName: "Failover" }) });
  expect(setup.status).toBe(201);
  const cookie = cookieOf(setup);

  // 1. A 300-page PDF through A; A killed with -9 while parsing it; B finishes the job from the bucket.
  const pdfId = await upload(a.base, cookie, new File([readFileSync(pdfPath)], "三百頁.pdf", { type: "application/pdf" }));
  let parsing = false;
  for (let i = 0; i < 600 && !parsing; i++) {
    const { rows } = await db.query(
      "SELECT count(c.id)::int AS chunks FROM documents d JOIN jobs j ON j.dedupe_key = 'ingest:' || d.id LEFT JOIN document_chunks c ON c.document_id = d.id WHERE d.id = $1 AND d.status = 'processing' AND j.status = 'running' GROUP BY d.id",
      [pdfId],
    );
    parsing = (rows[0]?.chunks ?? 0) > 0;
    if (!parsing) await new Promise((r) => setTimeout(r, 25));
  }
  expect(parsing, "A was caught parsing (chunks written, document still processing)").toBe(true);
  a.process.kill("SIGKILL");
  await new Promise((r) => a.process.once("exit", r));

  const b = start(FAILOVER_PORTS[1]);
  await waitForHealth(b.base);
  let doc = await statusOf(b.base, cookie, pdfId);
  // The dead claim's lease (20 s) runs out, then B parses it again from the start.
  for (let i = 0; i < 480 && doc.status === "processing"; i++) {
    await new Promise((r) => setTimeout(r, 250));
    doc = await statusOf(b.base, cookie, pdfId);
  }
  expect(doc).toMatchObject({ status: "processed", pageCount: 300 });
  const { rows: jobRows } = await db.query("SELECT status, attempts FROM jobs WHERE dedupe_key = $1", [`ingest:${pdfId}`]);
  expect(jobRows).toEqual([{ status: "done", attempts: 2 }]);
  const { rows: chunkRows } = await db.query("SELECT d.chunk_count, count(c.id)::int AS n, count(DISTINCT c.ordinal)::int AS ordinals FROM documents d JOIN document_chunks c ON c.document_id = d.id WHERE d.id = $1 GROUP BY d.id", [pdfId]);
  expect(chunkRows[0].n).toBe(chunkRows[0].chunk_count);
  expect(chunkRows[0].ordinals).toBe(chunkRows[0].chunk_count);

  // A comes back (a fresh process, an empty disk of its own).
  const a2 = start(FAILOVER_PORTS[0]);
  await waitForHealth(a2.base);

  // 2. A share created on A answers on B.
  const notice = await upload(a2.base, cookie, new File(["臺北市垃圾清運\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。"], "垃圾清運.txt", { type: "text/plain" }));
  for (let i = 0; i < 120 && (await statusOf(b.base, cookie, notice)).status === "processing"; i++) await new Promise((r) => setTimeout(r, 250));
  const created = await fetch(`${a2.base}/api/shared-assistants`, { method: "POST", headers: { ...json, cookie, origin: a2.base }, body: JSON.stringify({ name: "清運小幫手", rolePrompt: "", includeDocuments: true }) });
  expect(created.status).toBe(201);
  const { shareId } = (await created.json()) as { shareId: string };
  const sessionId = `session_${Date.now()}_failover`;
  const visit = (base: string, message: string, guest?: string) =>
    fetch(`${base}/api/shared-assistants/${shareId}/messages`, { method: "POST", headers: { ...json, origin: base, ...(guest ? { cookie: guest } : {}) }, body: JSON.stringify({ message, sessionId }) });
  const first = await visit(b.base, "資源回收是哪幾天？");
  expect(first.status).toBe(200);
  expect(((await first.json()) as { aiMessage: { content: string } }).aiMessage.content).toContain("每週二與週四");
  const guest = cookieOf(first);

  // 3. A document deleted on A stops being cited on B within 2 s.
  expect((await ask(b.base, cookie, "資源回收是哪幾天？")).sources.map((s) => s.documentName)).toContain("垃圾清運.txt");
  expect((await fetch(`${a2.base}/api/documents/${notice}`, { method: "DELETE", headers: { cookie, origin: a2.base } })).status).toBe(200);
  const deletedAt = Date.now();
  while ((await ask(b.base, cookie, "資源回收是哪幾天？")).sources.some((s) => s.documentName === "垃圾清運.txt")) {
    expect(Date.now() - deletedAt, "B stops citing it within 2 s").toBeLessThan(2_000);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(Date.now() - deletedAt).toBeLessThan(2_000);

  // 4. A setting changed on A applies on B within 5 s: the workspace opened to everyone.
  const register = await fetch(`${b.base}/api/register`, { method: "POST", headers: { ...json, origin: b.base }, body: JSON.stringify({ email: "plain@example.com", password: PASSWORD, displayName: "Plain" }) });
  expect(register.status).toBe(201);
  const plain = cookieOf(register);
  expect((await fetch(`${b.base}/api/documents`, { headers: { cookie: plain } })).status).toBe(403);
  expect((await fetch(`${a2.base}/api/settings/workspace-access`, { method: "PUT", headers: { ...json, cookie, origin: a2.base }, body: JSON.stringify({ value: "everyone" }) })).status).toBe(200);
  const changedAt = Date.now();
  while ((await fetch(`${b.base}/api/documents`, { headers: { cookie: plain } })).status !== 200) {
    expect(Date.now() - changedAt, "B applies it within 5 s").toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 100));
  }

  // 5. A third instance joins mid-test without restarting the others: it answers the share,
  // counts the same visitor limit (10 a minute, the first question above included), and takes
  // its share of the jobs.
  const c = start(FAILOVER_PORTS[2]);
  await waitForHealth(c.base);
  const bases = [a2.base, b.base, c.base];
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await visit(bases[i % 3], `第${i}個問題`, guest)).status);
  expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
  expect(statuses[9]).toBe(429);

  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push(await upload(bases[i % 3], cookie, new File([`第${i}份：${"臺北市政府公告。".repeat(300)}`], `doc-${i}.txt`, { type: "text/plain" })));
  for (const id of ids) {
    let status = "processing";
    for (let i = 0; i < 240 && status === "processing"; i++) {
      status = (await statusOf(c.base, cookie, id)).status;
      if (status === "processing") await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe("processed");
  }
  // Each job once: done at its first attempt. A job is marked done just after its document is
  // marked processed (CI run 21 counted one still running), so its status is waited for.
  const jobsOf = async () =>
    (await db.query("SELECT dedupe_key, status, attempts FROM jobs WHERE type = 'ingest-document' AND dedupe_key = ANY($1) ORDER BY dedupe_key", [ids.map((id) => `ingest:${id}`)])).rows as {
      dedupe_key: string;
      status: string;
      attempts: number;
    }[];
  await expect.poll(async () => (await jobsOf()).filter((job) => job.status === "done").length, { timeout: 10_000 }).toBe(6);
  const jobs = await jobsOf();
  expect(jobs.filter((job) => job.attempts !== 1), JSON.stringify(jobs)).toEqual([]);
});
