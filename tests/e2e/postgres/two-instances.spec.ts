import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createScratchPostgres } from "../../../scripts/scratch-postgres";
import { startFakeOpenAi } from "../../support/fake-openai";
import { startInstance, waitForHealth } from "../support/app-instance";
import { TWO_INSTANCE_AI_PORTS, TWO_INSTANCE_PORTS, TWO_INSTANCE_SHARE_PORTS } from "../support/ports";

// docs/rules/security.md#reliability: two app instances on one PostgreSQL. Documents uploaded through
// either instance are processed exactly once, by whichever instance claims the job.
// Runs when TEST_DATABASE_URL names a PostgreSQL server (.ci/run starts one).

const serverUrl = process.env.TEST_DATABASE_URL!;

const startServer = (port: number, databaseUrl: string, dataDir: string, env: Record<string, string> = {}) => startInstance({ port, dataDir, env: { DATABASE_URL: databaseUrl, ...env } });

/** Two app instances on a fresh database of their own, sharing one file store; stopped and dropped after. */
async function withTwoInstances(ports: number[], run: (bases: string[], databaseUrl: string) => Promise<void>, env: Record<string, string> = {}) {
  const scratch = await createScratchPostgres(serverUrl, "two_instances");
  // One shared store for uploaded files, as one shared disk or bucket would be.
  const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-two-"));
  const servers = ports.map((port) => startServer(port, scratch.url, dataDir, env));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  try {
    await Promise.all(bases.map((base) => waitForHealth(base)));
    await run(bases, scratch.url);
  } finally {
    for (const s of servers) s.kill("SIGTERM");
    await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once("exit", r)))));
    await scratch.drop();
  }
}

async function firstAdmin(base: string, email: string): Promise<string> {
  const setup = await fetch(`${base}/api/trial-setup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: "two-instances-1", displayName: "Two" }),
  });
  expect(setup.status).toBe(201);
  return setup.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function waitUntilProcessed(bases: string[], cookie: string, count: number) {
  let docs: { status: string }[] = [];
  for (let i = 0; i < 240; i++) {
    docs = await (await fetch(`${bases[i % 2]}/api/documents`, { headers: { cookie } })).json();
    if (docs.length === count && docs.every((d) => d.status !== "processing")) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(docs.map((d) => d.status)).toEqual(Array(count).fill("processed"));
}

test("two instances on one PostgreSQL process every document exactly once", async () => {
  test.setTimeout(180_000);
  await withTwoInstances(TWO_INSTANCE_PORTS, async (bases, databaseUrl) => {
    const cookie = await firstAdmin(bases[0], "two@example.com");

    // The session made on one instance is good on the other.
    expect((await fetch(`${bases[1]}/api/user`, { headers: { cookie } })).status).toBe(200);

    for (let i = 0; i < 10; i++) {
      const base = bases[i % 2];
      const form = new FormData();
      form.append("file", new File([`第${i}份文件：${"臺北市政府公告垃圾清運時間。".repeat(400)}`], `doc-${i}.txt`, { type: "text/plain" }));
      const res = await fetch(`${base}/api/documents/upload`, { method: "POST", headers: { cookie, origin: base }, body: form });
      expect(res.status).toBe(201);
    }
    await waitUntilProcessed(bases, cookie, 10);

    const db = new pg.Client({ connectionString: databaseUrl });
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
  });
});

test("a share created on one instance works on the other: answers, guest conversations, limits and revocation; a logout on one ends the session on both", async () => {
  test.setTimeout(180_000);
  await withTwoInstances(TWO_INSTANCE_SHARE_PORTS, async ([a, b]) => {
    const cookie = await firstAdmin(a, "share-two@example.com");
    const form = new FormData();
    form.append("file", new File(["臺北市垃圾清運\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。"], "垃圾清運.txt", { type: "text/plain" }));
    expect((await fetch(`${a}/api/documents/upload`, { method: "POST", headers: { cookie, origin: a }, body: form })).status).toBe(201);
    await waitUntilProcessed([a, b], cookie, 1);
    const created = await fetch(`${a}/api/shared-assistants`, {
      method: "POST",
      headers: { cookie, origin: a, "content-type": "application/json" },
      body: JSON.stringify({ name: "清運小幫手", rolePrompt: "", includeDocuments: true }),
    });
    expect(created.status).toBe(201);
    const { shareId } = (await created.json()) as { shareId: string };

    // A guest asks on B; the conversation is theirs on A too, and nobody else's.
    const sessionId = `session_${Date.now()}_twoinstances`;
    const post = (base: string, message: string, guest?: string) =>
      fetch(`${base}/api/shared-assistants/${shareId}/messages`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json", ...(guest ? { cookie: guest } : {}) },
        body: JSON.stringify({ message, sessionId }),
      });
    const first = await post(b, "資源回收是哪幾天？");
    expect(first.status).toBe(200);
    expect(((await first.json()) as { aiMessage: { content: string } }).aiMessage.content).toContain("每週二與週四");
    const guest = first.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const mine = await (await fetch(`${a}/api/shared-assistants/${shareId}/messages?sessionId=${sessionId}`, { headers: { cookie: guest } })).json();
    expect(mine).toHaveLength(2);
    expect(await (await fetch(`${a}/api/shared-assistants/${shareId}/messages?sessionId=${sessionId}`)).json()).toEqual([]);

    // The per-visitor limit (10 a minute) counts across both instances.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(i % 2 ? a : b, `第${i}個問題`, guest)).status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(statuses[9]).toBe(429);

    // Revoked on B: A answers 404 at once.
    expect((await fetch(`${b}/api/shared-assistants/${shareId}`, { method: "DELETE", headers: { cookie, origin: b } })).status).toBe(200);
    expect((await fetch(`${a}/api/shared-assistants/${shareId}`)).status).toBe(404);

    // A session signed in on A and signed out on B: its cookie is refused on both at once.
    const signedIn = await fetch(`${a}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a },
      body: JSON.stringify({ email: "share-two@example.com", password: "two-instances-1" }),
    });
    expect(signedIn.status).toBe(200);
    const session = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect((await fetch(`${b}/api/user`, { headers: { cookie: session } })).status).toBe(200);
    expect((await fetch(`${b}/api/logout`, { method: "POST", headers: { cookie: session, origin: b } })).status).toBe(200);
    expect((await fetch(`${a}/api/user`, { headers: { cookie: session } })).status).toBe(401);
    expect((await fetch(`${b}/api/user`, { headers: { cookie: session } })).status).toBe(401);
    // The first session, signed in separately, is untouched.
    expect((await fetch(`${a}/api/user`, { headers: { cookie } })).status).toBe(200);
  });
});

test("AI-service settings saved on one instance are in force on the other within 5 s, the key stored only as ciphertext", async () => {
  test.setTimeout(180_000);
  const KEY = "sk-two-instances-secret-key-4242";
  const fake = await startFakeOpenAi();
  fake.requiredKey = KEY;
  fake.reply = "來自設定的 AI 服務。";
  const form = { baseUrl: "", chatModel: "", visionModel: "", embeddingModel: "", maxOutputTokens: null, offline: false, allowPrivateNetwork: true };
  try {
    await withTwoInstances(
      TWO_INSTANCE_AI_PORTS,
      async ([a, b], databaseUrl) => {
        const cookie = await firstAdmin(a, "ai-two@example.com");
        const ask = async (base: string) => {
          const res = await fetch(`${base}/api/messages`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ content: "今天適合出門嗎？" }) });
          expect(res.status).toBe(200);
          return ((await res.json()) as { aiMessage: { content: string } }).aiMessage.content;
        };
        const save = (base: string, body: Record<string, unknown>) =>
          fetch(`${base}/api/settings/ai-service`, { method: "PUT", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ ...form, ...body }) });
        /** Asks on `base` until the reply comes from the fake service (or stops coming from it); the time it took. */
        const untilReply = async (base: string, fromService: boolean) => {
          const started = Date.now();
          while ((await ask(base)) === fake.reply ? !fromService : fromService) {
            expect(Date.now() - started, "within 5 s").toBeLessThan(5_000);
            await new Promise((r) => setTimeout(r, 200));
          }
          return Date.now() - started;
        };

        // B answers with the offline model, and holds its copy of the (empty) settings.
        expect(await ask(b)).not.toBe(fake.reply);
        expect(fake.requests).toHaveLength(0);

        // Saved on A: B's replies come from the service within 5 s.
        expect((await save(a, { baseUrl: fake.baseUrl, apiKey: KEY, chatModel: "two-model" })).status).toBe(200);
        expect(await untilReply(b, true)).toBeLessThan(5_000);
        expect(fake.requests.at(-1)).toMatchObject({ authorization: `Bearer ${KEY}` });
        expect(fake.requests.at(-1)?.body.model).toBe("two-model");

        // What PostgreSQL holds is ciphertext, and B shows only the key's last four characters.
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        try {
          const { rows } = await db.query("SELECT value FROM app_settings WHERE key = 'ai_service'");
          expect(JSON.stringify(rows[0].value)).not.toContain(KEY.slice(0, -4));
          expect(rows[0].value.apiKeyCiphertext).toMatch(/^v1\./);
          const { rows: audit } = await db.query("SELECT changes FROM settings_audit WHERE setting = 'ai_service'");
          expect(audit).toHaveLength(1);
          expect(JSON.stringify(audit)).not.toContain(KEY.slice(0, -4));
        } finally {
          await db.end();
        }
        const seen = await (await fetch(`${b}/api/settings/ai-service`, { headers: { cookie } })).text();
        expect(seen).toContain('"apiKeyLast4":"4242"');
        expect(seen).not.toContain(KEY.slice(0, -4));

        // The offline switch saved on B: A stops calling the service within 5 s.
        expect(await ask(a)).toBe(fake.reply);
        expect((await save(b, { baseUrl: fake.baseUrl, chatModel: "two-model", offline: true })).status).toBe(200);
        expect(await untilReply(a, false)).toBeLessThan(5_000);
      },
      // The admin asks more than 30 questions a minute here.
      { MESSAGE_LIMIT_PER_USER_PER_MINUTE: "500" },
    );
  } finally {
    await fake.close();
  }
});
