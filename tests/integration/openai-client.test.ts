import { afterAll, beforeAll, describe, expect, it } from "vitest";
import OpenAI from "openai";
import * as completions from "@/app/api/v1/chat/completions/route";
import * as models from "@/app/api/v1/models/route";
import * as model from "@/app/api/v1/models/[id]/route";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { createAssistantKey, revokeAssistantKey } from "@/lib/server/use-cases/manage-api-keys";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { seedUser } from "../support/http";
import { startRouteServer, type RouteServer } from "../support/route-server";

// The official openai npm client, and plain fetch as curl would send, pointed at the public API's
// real handlers behind an HTTP server on loopback.

const WASTE = "臺北市垃圾清運\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。";

let server: RouteServer;
let assistantId: string;
let key: string;
let keyId: string;
let ownerId: string;

beforeAll(async () => {
  registerJobs();
  const owner = await seedUser({ role: "admin" });
  ownerId = owner.user.id;
  await uploadDocument({ user: owner.user, name: "垃圾清運.txt", bytes: new TextEncoder().encode(WASTE) });
  await drainJobs();
  assistantId = (await defaultAssistant(owner.user.id)).id;
  ({ key, id: keyId } = await createAssistantKey({ ownerId, assistantId, name: "sdk" }));
  server = await startRouteServer([
    [/^\/api\/v1\/chat\/completions$/, completions],
    [/^\/api\/v1\/models$/, models],
    [/^\/api\/v1\/models\/(?<id>[^/]+)$/, model],
  ]);
});

afterAll(async () => {
  await server?.close();
});

const client = (apiKey = key) => new OpenAI({ apiKey, baseURL: `${server.baseUrl}/api/v1`, maxRetries: 0 });

describe("the openai npm client", () => {
  it("lists the key's assistant as the one model", async () => {
    const list = await client().models.list();
    expect(list.data.map((m) => m.id)).toEqual([assistantId]);
    expect((await client().models.retrieve(assistantId)).id).toBe(assistantId);
  });

  it("gets a whole answer with its citations", async () => {
    const completion = await client().chat.completions.create({ model: assistantId, messages: [{ role: "user", content: "資源回收是哪幾天？" }] });
    expect(completion.choices[0].message.content).toContain("資源回收在每週二與週四收運");
    expect(completion.choices[0].finish_reason).toBe("stop");
    const citations = (completion as unknown as { x_citations: { document_name: string }[] }).x_citations;
    expect(citations[0].document_name).toBe("垃圾清運.txt");
  });

  it("streams an answer chunk by chunk to the end", async () => {
    const stream = await client().chat.completions.create({ model: assistantId, messages: [{ role: "user", content: "資源回收是哪幾天？" }], stream: true });
    let text = "";
    let finish: string | null = null;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(chunks).toBeGreaterThan(2);
    expect(text).toContain("資源回收在每週二與週四收運");
    expect(finish).toBe("stop");
  });

  it("raises the client's own error classes: 401 for a bad key, 404 for another model, 400 for a bad request", async () => {
    await expect(client("dak_nope").models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(client().chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const bad = client().chat.completions.create({ model: assistantId, messages: [] });
    await expect(bad).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(bad).rejects.toMatchObject({ status: 400, type: "invalid_request_error", param: "messages" });
  });
});

describe("plain HTTP, as curl sends it", () => {
  it("answers a JSON request and a streamed one, and refuses the key once revoked", async () => {
    const temporary = await createAssistantKey({ ownerId, assistantId, name: "curl" });
    const send = (body: object) =>
      fetch(`${server.baseUrl}/api/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${temporary.key}`, "content-type": "application/json" },
        body: JSON.stringify({ model: assistantId, messages: [{ role: "user", content: "資源回收是哪幾天？" }], ...body }),
      });
    const whole = await send({});
    expect(whole.status).toBe(200);
    expect(((await whole.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toContain("每週二與週四");
    const streamed = await send({ stream: true });
    expect(streamed.headers.get("content-type")).toContain("text/event-stream");
    const text = await streamed.text();
    expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    await revokeAssistantKey({ ownerId, assistantId, keyId: temporary.id });
    const refused = await send({});
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { type: "authentication_error" } });
    expect(keyId).not.toBe(temporary.id);
  });
});
