import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import * as assistantsRoute from "@/app/api/assistants/route";
import * as collectionsRoute from "@/app/api/collections/route";
import * as collectionDocumentsRoute from "@/app/api/collections/[id]/documents/route";
import * as messagesRoute from "@/app/api/messages/route";
import * as exportRoute from "@/app/api/messages/export/route";
import * as sharesRoute from "@/app/api/shared-assistants/route";
import * as shareMessagesRoute from "@/app/api/shared-assistants/[id]/messages/route";
import * as initialQuestionsRoute from "@/app/api/initial-questions/route";
import * as suggestionsRoute from "@/app/api/ai-suggestions/route";
import { AI_SERVICE_SETTING } from "@/lib/server/ai/providers";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setSetting } from "@/lib/server/queries/app-settings";
import { getDb } from "@/lib/server/db/client";
import { rateLimits } from "@/lib/server/db/schema";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, seedUser } from "../support/http";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";

// Isolation as a property: whatever documents an assistant is given (chosen one by one, through a
// collection, or none), nothing it says or is asked to say reaches outside them. Each document
// carries a code found nowhere else and a file name its questions never mention, so any trace of
// a document outside the set, in a reply, a citation, a suggestion, an opening question, an export
// or the prompt a hosted model is sent, is a code or a name that must not be there.

const TOPICS = [
  { topic: "紅巖天文臺", detail: "位於玉山北峰，觀測彗星與流星雨" },
  { topic: "藍鯨潛艇隊", detail: "駐紮在澎湖外海，負責海底電纜巡檢" },
  { topic: "金穗稻米研究站", detail: "設在嘉南平原，培育耐旱的稻米品種" },
  { topic: "白鷺濕地保育區", detail: "在關渡河口，每年冬天迎接候鳥" },
  { topic: "青松木工學校", detail: "在花蓮山區，教授傳統榫卯工藝" },
  { topic: "琥珀香料市集", detail: "在鹿港老街，販售南洋香料與乾貨" },
];

interface Doc {
  id: string;
  name: string;
  code: string;
  topic: string;
  question: string;
}

let owner: Awaited<ReturnType<typeof seedUser>>;
let docs: Doc[] = [];
let ipSeq = 0;
const freshIp = () => `100.75.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  registerJobs();
  owner = await seedUser({ role: "admin" });
  docs = [];
  for (const [i, { topic, detail }] of TOPICS.entries()) {
    const code = `XK${i}Q${7310 + i * 17}`;
    const name = `檔案${String.fromCharCode(0x7532 + i)}號.txt`;
    const text = `${topic}\n\n${topic}${detail}。\n\n${topic}的識別代號是 ${code}，請於申請時填寫。`;
    const { document } = await uploadDocument({ user: owner.user, name, bytes: new TextEncoder().encode(text) });
    docs.push({ id: document.id, name, code, topic, question: `${topic}的識別代號是什麼？` });
  }
  await drainJobs();
}, 120_000);

/** Every code and file name of the documents outside `inside`, found in `text`. */
function leaks(text: string, inside: ReadonlySet<string>): string[] {
  return docs.filter((d) => !inside.has(d.id)).flatMap((d) => [d.code, d.name].filter((marker) => text.includes(marker)));
}

/** Topics of the documents outside `inside` (generated questions must not be about them). */
function topicsOutside(text: string, inside: ReadonlySet<string>): string[] {
  return docs.filter((d) => !inside.has(d.id) && text.includes(d.topic)).map((d) => d.topic);
}

/** An assistant whose documents are `chosen`: directly, or through a new collection of them. */
async function assistantOf(chosen: Doc[], viaCollection: boolean): Promise<string> {
  const ids = chosen.map((d) => d.id);
  if (!viaCollection) return (await call(assistantsRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "隔離測試", knowledge: { all: false, documentIds: ids } } })).body.id;
  const collection = (await call(collectionsRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: `集合-${Date.now()}-${Math.random()}` } })).body;
  if (ids.length > 0) await call(collectionDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: collection.id }, body: { add: ids } });
  return (await call(assistantsRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "隔離測試", knowledge: { all: false, collectionIds: [collection.id] } } })).body.id;
}

const knowledgeSets = fc.record({ chosen: fc.subarray([0, 1, 2, 3, 4, 5]), viaCollection: fc.boolean() });

/** Everything the owner and a visitor of its share see of one assistant: replies with their sources, suggestions, opening questions, the export. */
async function everythingSaid(assistantId: string, questions: string[]): Promise<{ replies: string[]; generated: string[] }> {
  // One owner asks far more than a minute's messages across the runs; the limits have tests of their own.
  await (await getDb()).delete(rateLimits);
  const share = (await call(sharesRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "隔離測試", rolePrompt: "", includeDocuments: true, assistantId } })).body;
  const replies: string[] = [];
  for (const question of questions) {
    const own = await call(messagesRoute.POST, { method: "POST", cookie: owner.cookie, body: { content: question, assistantId } });
    const visitor = await call(shareMessagesRoute.POST, {
      method: "POST",
      params: { id: share.shareId },
      path: `/api/shared-assistants/${share.shareId}/messages`,
      body: { message: question, sessionId: `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}` },
      headers: { "x-client-ip": freshIp() },
    });
    for (const res of [own, visitor]) {
      expect(res.status).toBe(200);
      replies.push(JSON.stringify(res.body.aiMessage));
    }
  }
  const generated: string[] = [
    ...(await call(initialQuestionsRoute.POST, { method: "POST", cookie: owner.cookie, body: { assistantId, forceRegenerate: true } })).body.questions,
    ...(await call(initialQuestionsRoute.POST, { method: "POST", body: { shareId: share.shareId }, headers: { "x-client-ip": freshIp() } })).body.questions,
    ...(await call(suggestionsRoute.POST, { method: "POST", cookie: owner.cookie, body: { assistantId, assistantMessage: replies[0] ?? "", conversationHistory: [{ role: "user", content: questions[0] }] } })).body.suggestions,
  ];
  const exported = await call(exportRoute.GET, { cookie: owner.cookie, path: `/api/messages/export?format=md&assistantId=${assistantId}` });
  if (exported.status === 200) replies.push(String(exported.body));
  return { replies, generated };
}

describe("an assistant's knowledge is isolated (property)", () => {
  it("offline: no reply, citation, suggestion, opening question or export carries a document outside its set", async () => {
    await fc.assert(
      fc.asyncProperty(knowledgeSets, async ({ chosen, viaCollection }) => {
        const inside = chosen.map((i) => docs[i]);
        const insideIds = new Set(inside.map((d) => d.id));
        const assistantId = await assistantOf(inside, viaCollection);
        const { replies, generated } = await everythingSaid(assistantId, docs.map((d) => d.question));
        for (const reply of replies) expect(leaks(reply, insideIds)).toEqual([]);
        for (const question of generated) expect([...leaks(question, insideIds), ...topicsOutside(question, insideIds)]).toEqual([]);
        // And it does answer from what it has: each document inside is quoted for its own question.
        for (const d of inside) expect(replies.some((r) => r.includes(d.code))).toBe(true);
      }),
      { numRuns: 8 },
    );
  }, 300_000);

  describe("with a hosted model", () => {
    let fake: FakeOpenAi;
    beforeAll(async () => {
      fake = await startFakeOpenAi();
      await setSetting(AI_SERVICE_SETTING, { baseUrl: fake.baseUrl, allowPrivateNetwork: true, chatModel: "test-model", timeoutMs: 5_000 });
    });
    afterAll(async () => {
      await setSetting(AI_SERVICE_SETTING, {});
      await fake.close();
    });

    it("no prompt the model is sent carries a passage or a document name outside the set", async () => {
      await fc.assert(
        fc.asyncProperty(knowledgeSets, async ({ chosen, viaCollection }) => {
          const inside = chosen.map((i) => docs[i]);
          const insideIds = new Set(inside.map((d) => d.id));
          const assistantId = await assistantOf(inside, viaCollection);
          fake.requests.length = 0;
          // The model quotes a code it was never given: a reply is the model's, the check is on what it was sent.
          fake.reply = "根據文件 [1]。";
          await everythingSaid(assistantId, docs.map((d) => d.question));
          expect(fake.requests.length).toBeGreaterThan(0);
          for (const request of fake.requests) expect(leaks(JSON.stringify(request.body), insideIds)).toEqual([]);
          // What is inside does reach the model.
          for (const d of inside) expect(fake.requests.some((r) => JSON.stringify(r.body).includes(d.code))).toBe(true);
        }),
        { numRuns: 5 },
      );
    }, 300_000);
  });
});
