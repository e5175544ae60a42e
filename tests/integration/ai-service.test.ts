import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import * as messages from "@/app/api/messages/route";
import * as settings from "@/app/api/settings/ai-service/route";
import * as audit from "@/app/api/settings/ai-service/audit/route";
import * as connectionTest from "@/app/api/settings/ai-service/test/route";
import { AI_SETTINGS_MAX_AGE_MS, LOCALE_COOKIE } from "@/lib/constants";
import { env } from "@/lib/env";
import { AI_KEY_PURPOSE, AI_SERVICE_SETTING } from "@/lib/server/ai/ai-config";
import { resolveModel } from "@/lib/server/ai/providers";
import { openSecret } from "@/lib/server/auth/secret-box";
import { getDb } from "@/lib/server/db/client";
import { apiUsage, appSettings, settingsAudit } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setSetting } from "@/lib/server/queries/app-settings";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, seedUser, type CallResult } from "../support/http";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import en from "@/messages/en.json";
import zh from "@/messages/zh-TW.json";


const KEY = "sk-live-SECRET-0123456789abcdefWXYZ";
const OTHER_KEY = "sk-live-OTHER-9876543210fedcbaQRST";
const WRONG_KEY = "sk-wrong-NOTIT-5555555555aaaaaaLMNO";
const SECRETS = [KEY, OTHER_KEY, WRONG_KEY];

const logged: string[] = [];
const responses: string[] = [];

/** A call whose whole answer (status, headers, body) is kept for the no-key check at the end. */
async function recorded(...args: Parameters<typeof call>): Promise<CallResult> {
  const res = await call(...args);
  responses.push(`${res.status} ${JSON.stringify([...res.headers])} ${typeof res.body === "string" ? res.body : JSON.stringify(res.body)}`);
  return res;
}

const FORM = { baseUrl: "", chatModel: "", visionModel: "", embeddingModel: "", maxOutputTokens: null, offline: false, allowPrivateNetwork: true };

let fake: FakeOpenAi;
let admin: Awaited<ReturnType<typeof seedUser>>;

const save = (body: Record<string, unknown>, cookie = admin.cookie) =>
  recorded(settings.PUT, { method: "PUT", path: "/api/settings/ai-service", cookie, body: { ...FORM, ...body } });
const test = (body: Record<string, unknown>) => recorded(connectionTest.POST, { method: "POST", path: "/api/settings/ai-service/test", cookie: admin.cookie, body: { ...FORM, ...body } });
const view = () => recorded(settings.GET, { path: "/api/settings/ai-service", cookie: admin.cookie });
const auditPage = (page = 0) => recorded(audit.GET, { path: `/api/settings/ai-service/audit?page=${page}`, cookie: admin.cookie });

async function storedRow() {
  const db = await getDb();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, AI_SERVICE_SETTING));
  return row?.value as Record<string, unknown> | undefined;
}

async function lastUsage() {
  const db = await getDb();
  const [row] = await db.select().from(apiUsage).orderBy(desc(apiUsage.id)).limit(1);
  return row;
}

async function usageRows() {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(apiUsage);
  return Number(row.n);
}

/** A connection test, and that it left nothing in api_usage: testing is not using the service. */
async function testUnrecorded(body: Record<string, unknown>) {
  const before = await usageRows();
  const res = await test(body);
  expect(await usageRows()).toBe(before);
  return res;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const logLevel = env.LOG_LEVEL;

beforeAll(async () => {
  registerJobs();
  // Every log line at every level, captured: the key must never be in one.
  env.LOG_LEVEL = "debug";
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      logged.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return true;
    });
  }
  fake = await startFakeOpenAi();
});

afterAll(async () => {
  await fake.close();
  vi.restoreAllMocks();
  env.LOG_LEVEL = logLevel;
});

beforeEach(async () => {
  // An admin per test: saves are rate limited per user, and the tests save often.
  admin = await seedUser({ role: "admin" });
  fake.mode = "ok";
  fake.requiredKey = undefined;
  fake.knownModels = undefined;
  fake.requests.length = 0;
  fake.reply = "OK";
  await setSetting(AI_SERVICE_SETTING, {});
  const db = await getDb();
  await db.delete(settingsAudit);
});

describe("GET /api/settings/ai-service", () => {
  it("is for admins only", async () => {
    const manager = await seedUser({ role: "manager" });
    const user = await seedUser();
    expect((await recorded(settings.GET, { path: "/api/settings/ai-service" })).status).toBe(401);
    expect((await recorded(settings.GET, { path: "/api/settings/ai-service", cookie: manager.cookie })).status).toBe(403);
    expect((await recorded(settings.GET, { path: "/api/settings/ai-service", cookie: user.cookie })).status).toBe(403);
    expect((await save({ baseUrl: fake.baseUrl, apiKey: KEY }, user.cookie)).status).toBe(403);
    expect((await recorded(connectionTest.POST, { method: "POST", cookie: manager.cookie, body: FORM })).status).toBe(403);
    expect((await recorded(audit.GET, { path: "/api/settings/ai-service/audit", cookie: manager.cookie })).status).toBe(403);
  });

  it("says, with no settings saved, that the offline model answers and what the environment gives", async () => {
    const res = await view();
    expect(res.status).toBe(200);
    expect(res.body.effective).toMatchObject({ offline: true, offlineReason: "unconfigured", chatModel: "gpt-4o-mini", maxOutputTokens: 1500 });
    expect(res.body.effective.sources).toMatchObject({ baseUrl: "unset", apiKey: "unset", chatModel: "default", maxOutputTokens: "default" });
    expect(res.body.saved).toMatchObject({ baseUrl: "", hasApiKey: false, apiKeyLast4: null, offline: false });
  });
});

describe("PUT /api/settings/ai-service", () => {
  it("keeps the key only as ciphertext and shows back its last four characters", async () => {
    const res = await save({ baseUrl: `${fake.baseUrl}/`, apiKey: KEY, chatModel: "chat-model", maxOutputTokens: 800 });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual(
      expect.arrayContaining([
        { field: "baseUrl", from: null, to: fake.baseUrl },
        { field: "chatModel", from: null, to: "chat-model" },
        { field: "maxOutputTokens", from: null, to: 800 },
        { field: "apiKey", change: "set" },
      ]),
    );
    expect(res.body.settings.saved).toMatchObject({ baseUrl: fake.baseUrl, hasApiKey: true, apiKeyLast4: "WXYZ" });
    expect(res.body.settings.effective).toMatchObject({ offline: false, apiKeyLast4: "WXYZ", chatModel: "chat-model", maxOutputTokens: 800 });

    const stored = (await storedRow())!;
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(JSON.stringify(stored)).not.toContain(KEY.slice(0, 20));
    expect(stored.apiKey).toBeUndefined();
    expect(stored.apiKeyCiphertext).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    // Real encryption under AUTH_SECRET: it opens to the key, and only for its purpose.
    expect(await openSecret(stored.apiKeyCiphertext as string, AI_KEY_PURPOSE)).toBe(KEY);
    expect(await openSecret(stored.apiKeyCiphertext as string, "another purpose")).toBeNull();
    // Sealed afresh each time: the same key saved twice gives another ciphertext.
    await save({ baseUrl: fake.baseUrl, apiKey: OTHER_KEY });
    await save({ baseUrl: fake.baseUrl, apiKey: KEY });
    expect((await storedRow())!.apiKeyCiphertext).not.toBe(stored.apiKeyCiphertext);
  });

  it("is used by the next chat reply on this instance at once", async () => {
    await save({ baseUrl: fake.baseUrl, apiKey: KEY, chatModel: "chat-model", maxOutputTokens: 300 });
    fake.requiredKey = KEY;
    fake.reply = "來自設定的服務。";
    const res = await recorded(messages.POST, { method: "POST", path: "/api/messages", cookie: admin.cookie, body: { content: "你好" } });
    expect(res.status).toBe(200);
    expect(res.body.aiMessage.content).toBe("來自設定的服務。");
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe("chat-model");
    // The saved cap on output tokens bounds the call.
    expect(request.body.max_tokens).toBe(300);

    // The offline switch: the built-in model answers, the service is not called.
    await save({ baseUrl: fake.baseUrl, chatModel: "chat-model", offline: true });
    fake.requests.length = 0;
    const offline = await recorded(messages.POST, { method: "POST", path: "/api/messages", cookie: admin.cookie, body: { content: "你好" } });
    expect(offline.status).toBe(200);
    expect(fake.requests).toHaveLength(0);
    expect((await lastUsage()).provider).not.toBe("openai-compatible");
  });

  it("is seen by another instance within 5 s (a change written to the database behind this instance's copy)", async () => {
    await save({ baseUrl: fake.baseUrl, apiKey: KEY, chatModel: "first-model" });
    expect((await resolveModel("chat")).modelId).toBe("first-model");
    // Another instance saves: the row changes without this process's copy being dropped.
    const db = await getDb();
    await db
      .update(appSettings)
      .set({ value: sql`jsonb_set(${appSettings.value}, '{chatModel}', '"second-model"')` })
      .where(eq(appSettings.key, AI_SERVICE_SETTING));
    // A bounded wait: the copy is at most AI_SETTINGS_MAX_AGE_MS old, so well before several of
    // those have passed the other instance's choice is the one used.
    const started = Date.now();
    while ((await resolveModel("chat")).modelId !== "second-model") {
      if (Date.now() - started > 5 * AI_SETTINGS_MAX_AGE_MS) throw new Error(`still ${(await resolveModel("chat")).modelId} after ${Date.now() - started} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("uses the saved embedding model when documents are indexed", async () => {
    await save({ baseUrl: fake.baseUrl, apiKey: KEY, embeddingModel: "embed-model" });
    await uploadDocument({ user: admin.user, name: "notes.txt", bytes: new TextEncoder().encode("資源回收在每週二與週四收運。") });
    await drainJobs();
    const embeddings = fake.requests.filter((r) => r.path === "/v1/embeddings");
    expect(embeddings.length).toBeGreaterThan(0);
    expect(embeddings[0].body.model).toBe("embed-model");
    expect(embeddings[0].authorization).toBe(`Bearer ${KEY}`);
  });

  it("sends the environment's key only to the environment's URL, never to a URL saved here", async () => {
    const { effectiveConfig } = await import("@/lib/server/ai/ai-config");
    const defaults = { OPENAI_API_KEY: "sk-env-key", OPENAI_BASE_URL: "https://api.openai.com/v1", CHAT_MODEL: "gpt-4o-mini", VISION_MODEL: undefined, EMBEDDING_MODEL: undefined };
    expect(effectiveConfig({}, {}, defaults).apiKey).toBe("sk-env-key");
    expect(effectiveConfig({ baseUrl: "https://api.openai.com/v1" }, {}, defaults).apiKey).toBe("sk-env-key");
    expect(effectiveConfig({ baseUrl: "http://elsewhere.example/v1" }, {}, defaults).apiKey).toBeUndefined();
    expect(effectiveConfig({ baseUrl: "http://elsewhere.example/v1" }, { value: "sk-saved" }, defaults).apiKey).toBe("sk-saved");
  });

  it("refuses an invalid URL or model name field by field, in the caller's language, and saves nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ baseUrl: "not a url" }, "baseUrl", "aiService.validation.baseUrlInvalid"],
      [{ baseUrl: "ftp://files.example/v1" }, "baseUrl", "aiService.validation.baseUrlScheme"],
      [{ baseUrl: "https://user:pw@api.example/v1" }, "baseUrl", "aiService.validation.baseUrlCredentials"],
      [{ baseUrl: "https://api.example/v1?x=1" }, "baseUrl", "aiService.validation.baseUrlQuery"],
      [{ chatModel: "gpt 4o" }, "chatModel", "aiService.validation.modelInvalid"],
      [{ visionModel: "-bad" }, "visionModel", "aiService.validation.modelInvalid"],
      [{ embeddingModel: "x\ty" }, "embeddingModel", "aiService.validation.modelInvalid"],
      [{ maxOutputTokens: 5 }, "maxOutputTokens", "aiService.validation.maxOutputTokensRange"],
      [{ maxOutputTokens: 10.5 }, "maxOutputTokens", "aiService.validation.maxOutputTokensInvalid"],
      [{ apiKey: "sk with spaces" }, "apiKey", "aiService.validation.apiKeyInvalid"],
    ];
    for (const [body, path, key] of cases) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path, message: key })]);
      // The browser shows the key's text in the reader's language; both languages have it.
      const [, , name] = key.split(".");
      expect((zh as any).aiService.validation[name]).toEqual(expect.any(String));
      expect((en as any).aiService.validation[name]).toEqual(expect.any(String));
    }
    const english = await recorded(settings.PUT, { method: "PUT", cookie: `${admin.cookie}; ${LOCALE_COOKIE}=en`, body: { ...FORM, baseUrl: "nope" } });
    expect(english.body.error.message).toBe(en.errors.validation);
    expect(await storedRow()).toEqual({});
    expect((await auditPage()).body.total).toBe(0);
  });
});

describe("GET /api/settings/ai-service/audit", () => {
  it("records who changed what and when, the key only as set, changed or removed", async () => {
    await save({ baseUrl: fake.baseUrl, apiKey: KEY, chatModel: "chat-model" });
    // The same form again: nothing changed, nothing recorded.
    await save({ baseUrl: fake.baseUrl, chatModel: "chat-model" });
    await save({ baseUrl: fake.baseUrl, chatModel: "chat-model", apiKey: KEY });
    await save({ baseUrl: fake.baseUrl, chatModel: "chat-model", apiKey: OTHER_KEY });
    await save({ baseUrl: fake.baseUrl, chatModel: "other-model", removeApiKey: true, offline: true });

    const res = await auditPage();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    const [latest, middle, first] = res.body.entries;
    expect(first).toMatchObject({ actorName: admin.user.displayName, actorEmail: admin.email });
    expect(first.changes).toContainEqual({ field: "apiKey", change: "set" });
    expect(middle.changes).toEqual([{ field: "apiKey", change: "changed" }]);
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        { field: "chatModel", from: "chat-model", to: "other-model" },
        { field: "offline", from: false, to: true },
        { field: "apiKey", change: "removed" },
      ]),
    );
    expect(Date.parse(latest.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));
    expect((await storedRow())!.apiKeyCiphertext).toBeUndefined();
    const db = await getDb();
    const rows = await db.select().from(settingsAudit);
    for (const secret of SECRETS) expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it("pages on the server", async () => {
    for (let i = 0; i < 12; i++) await save({ chatModel: `model-${i}` });
    const first = await auditPage(0);
    const second = await auditPage(1);
    expect(first.body).toMatchObject({ total: 12, pageSize: 10 });
    expect(first.body.entries).toHaveLength(10);
    expect(second.body.entries).toHaveLength(2);
    expect(first.body.entries[0].changes[0]).toMatchObject({ to: "model-11" });
    expect(second.body.entries[1].changes[0]).toMatchObject({ from: null, to: "model-0" });
  });
});

describe("POST /api/settings/ai-service/test", () => {
  it("makes one short real call with the form's values, unsaved, and reports the latency; not counted as use of the service", async () => {
    fake.requiredKey = KEY;
    const res = await testUnrecorded({ baseUrl: fake.baseUrl, apiKey: KEY, chatModel: "chat-model" });
    expect(res.status).toBe(200);
    // Success, and never what the service said.
    expect(res.body).toEqual({ ok: true, model: "chat-model", latencyMs: expect.any(Number) });
    expect(res.body.latencyMs).toEqual(expect.any(Number));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: "/v1/chat/completions", authorization: `Bearer ${KEY}` });
    expect(fake.requests[0].body).toMatchObject({ model: "chat-model", max_tokens: 16, stream: true });
    // Nothing was saved by testing.
    expect(await storedRow()).toEqual({});
  });

  it("a model that answers with no text (a reasoning model spending the tiny budget) still passes", async () => {
    fake.reply = "";
    expect((await testUnrecorded({ baseUrl: fake.baseUrl, apiKey: KEY })).body).toMatchObject({ ok: true });
  });

  it("uses the saved key when the form leaves the key empty", async () => {
    await save({ baseUrl: fake.baseUrl, apiKey: KEY, offline: true });
    fake.requiredKey = KEY;
    const res = await test({ baseUrl: fake.baseUrl });
    // The offline switch does not stop a test of the service.
    expect(res.body).toMatchObject({ ok: true });
    expect(fake.requests[0].authorization).toBe(`Bearer ${KEY}`);
  });

  it("reports a refused key (401) as such, never in the service's or the library's words", async () => {
    fake.requiredKey = KEY;
    const res = await testUnrecorded({ baseUrl: fake.baseUrl, apiKey: WRONG_KEY });
    expect(res.status).toBe(200);
    // Only the kind, the status, the model and the time: the service quoted the key it refused, in English.
    expect(res.body).toEqual({ ok: false, problem: "unauthorized", status: 401, model: expect.any(String), latencyMs: expect.any(Number) });
    // A service that fails the test can still be saved.
    expect((await save({ baseUrl: fake.baseUrl, apiKey: WRONG_KEY })).status).toBe(200);
  });

  it("reports a model the service does not have (404 model_not_found)", async () => {
    fake.knownModels = ["chat-model"];
    const res = await testUnrecorded({ baseUrl: fake.baseUrl, apiKey: KEY, chatModel: "no-such-model" });
    expect(res.body).toEqual({ ok: false, problem: "model_not_found", status: 404, model: "no-such-model", latencyMs: expect.any(Number) });
  });

  it("reports a service that does not answer in time", async () => {
    fake.mode = "hang";
    const res = await testUnrecorded({ baseUrl: fake.baseUrl, apiKey: KEY });
    expect(res.body).toMatchObject({ ok: false, problem: "timeout", status: null });
  });

  it("reports a service that answers with an error, and an address that answers but is no API (a web page)", async () => {
    fake.mode = "error500";
    expect((await testUnrecorded({ baseUrl: fake.baseUrl, apiKey: KEY })).body).toMatchObject({ ok: false, problem: "error", status: 500 });
    fake.mode = "webPage";
    // Before, a 200 page counted as a model that said nothing: 連線成功.
    expect((await testUnrecorded({ baseUrl: fake.baseUrl, apiKey: KEY })).body).toMatchObject({ ok: false, problem: "not_api", status: null });
  });

  it("reports an address nothing answers at (a closed port, a port browsers and fetch refuse, no such host) as unreachable, and nothing configured as such", async () => {
    for (const baseUrl of [`http://127.0.0.1:${await closedPort()}/v1`, "http://127.0.0.1:6000/v1", "http://no-such-host.invalid/v1"]) {
      expect((await testUnrecorded({ baseUrl, apiKey: KEY })).body, baseUrl).toMatchObject({ ok: false, problem: "unreachable", status: null });
    }
    const nothing = await testUnrecorded({});
    expect(nothing.body).toMatchObject({ ok: false, problem: "unconfigured" });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses invalid values before calling anything", async () => {
    const res = await test({ baseUrl: "javascript:alert(1)", apiKey: KEY });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: "baseUrl", message: "aiService.validation.baseUrlScheme" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the AI service's key", () => {
  it("never appears in any response or log line of this file", async () => {
    // The checks mean something only if the calls above answered and logged (a failed call logs a warning with the service's words).
    expect(responses.length).toBeGreaterThan(30);
    expect(logged.some((line) => line.includes('"model call failed"') && line.includes("Incorrect API key provided"))).toBe(true);
    expect(logged.some((line) => line.includes('"msg":"request"') && line.includes("/api/settings/ai-service"))).toBe(true);
    for (const secret of SECRETS) {
      for (const text of [...responses, ...logged]) expect(text).not.toContain(secret);
      // Not even most of it.
      for (const text of [...responses, ...logged]) expect(text).not.toContain(secret.slice(0, -4));
    }
  });
});
