import { beforeAll, describe, expect, it } from "vitest";
import * as completions from "@/app/api/v1/chat/completions/route";
import * as models from "@/app/api/v1/models/route";
import * as model from "@/app/api/v1/models/[id]/route";
import { parseApiKey } from "@/lib/server/auth/api-key-secret";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { createAssistantKey } from "@/lib/server/use-cases/manage-api-keys";
import { createAssistant } from "@/lib/server/use-cases/save-assistant";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { updateUserGuarded } from "@/lib/server/queries/users";
import { API_ROUTES, KEY_ROUTES, PROTECTED_ROUTES, concretePath, label } from "../support/api-routes";
import { call, seedUser } from "../support/http";

// A key of assistant A reaches A alone: not B (another owner's, or the same owner's other
// assistant), not A's documents beyond its knowledge, and no route a session opens.

const SECRET_B = "機密：B 公司的董事會將於十二月十日討論併購案。";
const PUBLIC_A = "A 公司營業時間：週一至週五上午九點到下午六點。";

let keyA = "";
let assistantA = "";
let assistantB = "";
let sameOwnerOther = "";

beforeAll(async () => {
  registerJobs();
  const ownerA = await seedUser({ role: "admin" });
  const ownerB = await seedUser({ role: "admin" });
  await uploadDocument({ user: ownerA.user, name: "營業時間.txt", bytes: new TextEncoder().encode(PUBLIC_A) });
  await uploadDocument({ user: ownerB.user, name: "併購.txt", bytes: new TextEncoder().encode(SECRET_B) });
  await drainJobs();
  assistantA = (await defaultAssistant(ownerA.user.id)).id;
  assistantB = (await defaultAssistant(ownerB.user.id)).id;
  sameOwnerOther = (await createAssistant({ ownerId: ownerA.user.id, locale: "zh-TW", name: "另一個", rolePrompt: "" })).id;
  keyA = (await createAssistantKey({ ownerId: ownerA.user.id, assistantId: assistantA, name: "A" })).key;
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}`, "x-client-ip": "100.99.0.1" });

describe("a key of assistant A", () => {
  it("cannot ask B, nor its owner's other assistant: 404 as an unknown model, and B's documents never appear", async () => {
    for (const other of [assistantB, sameOwnerOther]) {
      const res = await call(completions.POST, { method: "POST", headers: bearer(keyA), body: { model: other, messages: [{ role: "user", content: "併購案什麼時候討論？" }] } });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("十二月十日");
      expect((await call(model.GET, { headers: bearer(keyA), params: { id: other } })).status).toBe(404);
    }
    const own = await call(completions.POST, { method: "POST", headers: bearer(keyA), body: { model: assistantA, messages: [{ role: "user", content: "併購案什麼時候討論？" }] } });
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).not.toContain("十二月十日");
    expect((await call(models.GET, { headers: bearer(keyA) })).body.data.map((m: { id: string }) => m.id)).toEqual([assistantA]);
  });

  it("opens no route a session opens: each answers 401 as to a caller with nothing", async () => {
    expect(PROTECTED_ROUTES.length).toBeGreaterThan(50);
    for (const r of PROTECTED_ROUTES) {
      const params = { id: assistantA, conversationId: "x", keyId: "x", nextauth: ["session"] };
      const res = await call(r.handler, { method: r.method, path: concretePath(r, params), params, headers: bearer(keyA), ...(r.method === "GET" ? {} : { body: {} }) });
      expect(res.status, label(r)).toBe(401);
    }
    // Nor does the public API take a session for a key.
    const admin = await seedUser({ role: "admin" });
    for (const r of KEY_ROUTES) {
      const res = await call(r.handler, { method: r.method, path: concretePath(r, { id: assistantA }), params: { id: assistantA }, cookie: admin.cookie, ...(r.method === "GET" ? {} : { body: {} }) });
      expect(res.status, label(r)).toBe(401);
    }
    // Every route of the public API but its description needs a key.
    expect(API_ROUTES.filter((r) => r.path.startsWith("/api/v1/") && r.method !== "OPTIONS" && r.path !== "/api/v1/openapi.json")).toEqual(KEY_ROUTES);
  });

  it("stops working when its owner is disabled", async () => {
    const owner = await seedUser({ role: "admin" });
    const assistant = (await defaultAssistant(owner.user.id)).id;
    const { key } = await createAssistantKey({ ownerId: owner.user.id, assistantId: assistant, name: "x" });
    expect((await call(models.GET, { headers: bearer(key) })).status).toBe(200);
    expect((await updateUserGuarded(owner.user.id, { disabled: true })).ok).toBe(true);
    expect((await call(models.GET, { headers: bearer(key) })).status).toBe(401);
  });
});

describe("keys that are not keys", () => {
  it("are told apart from well-formed ones without the database", () => {
    const good = keyA;
    expect(parseApiKey(good)).not.toBeNull();
    for (const bad of ["", "dak_", "sk-abc", `${good} `, good.toUpperCase(), `${good}${good}`, "dak_zzzzzzzzzzzzzzzz_" + "A".repeat(43), "x".repeat(10_000)]) {
      expect(parseApiKey(bad), bad.slice(0, 30)).toBeNull();
    }
  });

  it("are refused in every place but the Authorization header", async () => {
    for (const [path, headers] of [
      [`/api/v1/models?api_key=${keyA}`, {}],
      [`/api/v1/models?access_token=${keyA}`, {}],
      [`/api/v1/models?q=${keyA}`, bearer(keyA)],
    ] as const) {
      const res = await call(models.GET, { path, headers });
      expect(res.status, path.slice(0, 40)).toBe(400);
      expect(res.body.error.code).toBe("api_key_in_query");
    }
    for (const headers of [{ "x-api-key": keyA }, { authorization: keyA }, { authorization: `Basic ${keyA}` }, { cookie: `api_key=${keyA}` }] as Record<string, string>[]) {
      expect((await call(models.GET, { headers })).status).toBe(401);
    }
  });
});
