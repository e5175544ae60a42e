import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { TWO_INSTANCE_PORTS } from "../support/ports";

// SECURITY.md "Reliability": two app instances on one PostgreSQL. Documents uploaded through
// either instance are processed exactly once, by whichever instance claims the job.
// Runs when TEST_DATABASE_URL names a PostgreSQL server (.ci/run starts one).

const root = path.resolve(import.meta.dirname, "../../..");
const serverUrl = process.env.TEST_DATABASE_URL!;

function startServer(port: number, databaseUrl: string, dataDir: string): ChildProcess {
  return spawn(path.join(root, "node_modules/.bin/node"), ["scripts/server.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
}

async function waitForHealth(base: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} did not start`);
}

test("two instances on one PostgreSQL process every document exactly once", async () => {
  test.setTimeout(180_000);
  const name = `two_instances_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // One shared store for uploaded files, as one shared disk or bucket would be.
  const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-two-"));
  const servers = TWO_INSTANCE_PORTS.map((port) => startServer(port, url.toString(), dataDir));
  const bases = TWO_INSTANCE_PORTS.map((port) => `http://127.0.0.1:${port}`);
  try {
    await Promise.all(bases.map(waitForHealth));
    const setup = await fetch(`${bases[0]}/api/trial-setup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bases[0] },
      body: JSON.stringify({ email: "two@example.com", password: "two-instances-1", displayName: "Two" }),
    });
    expect(setup.status).toBe(201);
    const cookie = setup.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    // The session made on one instance is good on the other.
    expect((await fetch(`${bases[1]}/api/user`, { headers: { cookie } })).status).toBe(200);

    for (let i = 0; i < 10; i++) {
      const base = bases[i % 2];
      const form = new FormData();
      form.append("file", new File([`第${i}份文件：${"臺北市政府公告垃圾清運時間。".repeat(400)}`], `doc-${i}.txt`, { type: "text/plain" }));
      const res = await fetch(`${base}/api/documents/upload`, { method: "POST", headers: { cookie, origin: base }, body: form });
      expect(res.status).toBe(201);
    }
    let docs: { status: string }[] = [];
    for (let i = 0; i < 240; i++) {
      docs = await (await fetch(`${bases[i % 2]}/api/documents`, { headers: { cookie } })).json();
      if (docs.length === 10 && docs.every((d) => d.status !== "processing")) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(docs.map((d) => d.status)).toEqual(Array(10).fill("processed"));

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const { rows: jobs } = await db.query("SELECT status, attempts FROM jobs WHERE type = 'ingest-document'");
      expect(jobs).toHaveLength(10);
      expect(jobs.every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
      const { rows: chunks } = await db.query(
        "SELECT d.id, d.chunk_count, count(c.id)::int AS n, count(DISTINCT c.ordinal)::int AS ordinals FROM documents d LEFT JOIN document_chunks c ON c.document_id = d.id GROUP BY d.id",
      );
      for (const row of chunks) {
        expect(row.n).toBe(row.chunk_count);
        expect(row.ordinals).toBe(row.chunk_count);
      }
    } finally {
      await db.end();
    }
  } finally {
    for (const s of servers) s.kill("SIGTERM");
    await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once("exit", r)))));
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
});
