import { beforeAll, describe, expect, it } from "vitest";
import * as assistantsRoute from "@/app/api/assistants/route";
import * as assistantRoute from "@/app/api/assistants/[id]/route";
import * as duplicateRoute from "@/app/api/assistants/[id]/duplicate/route";
import * as assistantDocumentsRoute from "@/app/api/assistants/[id]/documents/route";
import * as collectionsRoute from "@/app/api/collections/route";
import * as collectionRoute from "@/app/api/collections/[id]/route";
import * as collectionDocumentsRoute from "@/app/api/collections/[id]/documents/route";
import * as specAssistantRoute from "@/app/api/assistant/route";
import * as messagesRoute from "@/app/api/messages/route";
import * as exportRoute from "@/app/api/messages/export/route";
import * as documentRoute from "@/app/api/documents/[id]/route";
import * as documentsRoute from "@/app/api/documents/route";
import * as uploadRoute from "@/app/api/documents/upload/route";
import * as sharesRoute from "@/app/api/shared-assistants/route";
import * as shareRoute from "@/app/api/shared-assistants/[id]/route";
import * as shareMessagesRoute from "@/app/api/shared-assistants/[id]/messages/route";
import * as initialQuestionsRoute from "@/app/api/initial-questions/route";
import * as suggestionsRoute from "@/app/api/ai-suggestions/route";
import { ASSISTANTS_PER_OWNER_MAX, LOCALE_COOKIE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { assistants } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, multipart, seedUser } from "../support/http";

// Assistants made from documents: each answers only from its own knowledge (chosen documents,
// collections, or all of its owner's), keeps its own conversation, and its shares follow it.

const HANDBOOK = "員工手冊\n\n特休假：到職滿一年的員工享有七天特休假，請於人事系統申請。\n\n加班費：平日加班前兩小時以時薪的 1.34 倍計算。";
const FAQ = "產品常見問題\n\n保固期間：本產品自購買日起保固兩年，保固期內免費維修。\n\n退貨：收到商品七天內可無條件退貨。";

let ipSeq = 0;
const freshIp = () => `100.70.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

type Owner = Awaited<ReturnType<typeof seedUser>>;

async function upload(owner: Owner, name: string, text: string) {
  const { document } = await uploadDocument({ user: owner.user, name, bytes: new TextEncoder().encode(text) });
  return document.id;
}

async function ownerWithTwoDocuments() {
  const owner = await seedUser({ role: "admin" });
  const handbook = await upload(owner, "員工手冊.txt", HANDBOOK);
  const faq = await upload(owner, "產品FAQ.txt", FAQ);
  await drainJobs();
  return { owner, handbook, faq };
}

const create = (owner: Owner, body: unknown) => call(assistantsRoute.POST, { method: "POST", cookie: owner.cookie, body });
const patch = (owner: Owner, id: string, body: unknown) => call(assistantRoute.PATCH, { method: "PATCH", cookie: owner.cookie, params: { id }, body });
const ask = (owner: Owner, content: string, assistantId?: string) => call(messagesRoute.POST, { method: "POST", cookie: owner.cookie, body: { content, ...(assistantId ? { assistantId } : {}) } });
const conversation = (owner: Owner, assistantId?: string) =>
  call(messagesRoute.GET, { cookie: owner.cookie, path: `/api/messages${assistantId ? `?assistantId=${assistantId}` : ""}` });
// A guest's first message of a conversation of its own each time.
const visitorAsks = (shareId: string, message: string) =>
  call(shareMessagesRoute.POST, {
    method: "POST",
    params: { id: shareId },
    path: `/api/shared-assistants/${shareId}/messages`,
    body: { message, sessionId: `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}` },
    headers: { "x-client-ip": freshIp() },
  });
const cited = (body: { aiMessage: { sources?: { documentName: string }[] } }) => (body.aiMessage.sources ?? []).map((s) => s.documentName);

beforeAll(() => registerJobs());

describe("GET/POST /api/assistants", () => {
  it("gives a new owner their default assistant, named in the reader's language until they name it", async () => {
    const owner = await seedUser({ role: "admin" });
    const zh = await call(assistantsRoute.GET, { cookie: owner.cookie });
    expect(zh.status).toBe(200);
    expect(zh.body.assistants).toHaveLength(1);
    expect(zh.body.assistants[0]).toMatchObject({ name: "文件助理", named: false, isDefault: true, knowledge: { all: true, documentIds: [], collectionIds: [] }, documentCount: 0, shareCount: 0 });
    const en = await call(assistantsRoute.GET, { cookie: `${owner.cookie}; ${LOCALE_COOKIE}=en` });
    expect(en.body.assistants.map((a: { id: string; name: string }) => [a.id, a.name])).toEqual([[zh.body.assistants[0].id, "Document Assistant"]]);
  });

  it("makes assistants with chosen documents, listed after the default with their counts", async () => {
    const { owner, handbook } = await ownerWithTwoDocuments();
    const made = await create(owner, { name: "員工手冊助理", rolePrompt: "你是人資。", knowledge: { all: false, documentIds: [handbook] } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "員工手冊助理", rolePrompt: "你是人資。", named: true, isDefault: false, knowledge: { all: false, documentIds: [handbook], collectionIds: [] }, documentCount: 1 });
    const listed = (await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants;
    expect(listed.map((a: { name: string; documentCount: number }) => [a.name, a.documentCount])).toEqual([
      ["文件助理", 2],
      ["員工手冊助理", 1],
    ]);
  });

  it("refuses bad input and another owner's documents, making nothing", async () => {
    const { owner } = await ownerWithTwoDocuments();
    const other = await ownerWithTwoDocuments();
    const before = (await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants.length;
    expect((await create(owner, { name: "" })).body.error.details).toEqual([expect.objectContaining({ path: "name", message: "validation.assistantNameRequired" })]);
    expect((await create(owner, { name: "x".repeat(51) })).status).toBe(400);
    expect((await create(owner, { name: "ok", isDefault: true })).status).toBe(400);
    const foreign = await create(owner, { name: "偷看", knowledge: { all: false, documentIds: [other.handbook] } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("部分文件或文件集不存在，或已被刪除");
    expect((await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants).toHaveLength(before);
  });

  it(`stops at ${ASSISTANTS_PER_OWNER_MAX} assistants with a translated 409`, async () => {
    const owner = await seedUser({ role: "admin" });
    const db = await getDb();
    await db.insert(assistants).values(Array.from({ length: ASSISTANTS_PER_OWNER_MAX }, (_, i) => ({ ownerId: owner.user.id, name: `助理 ${i}`, isDefault: i === 0 })));
    const refused = await create(owner, { name: "一個太多" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(`每個帳戶最多可建立 ${ASSISTANTS_PER_OWNER_MAX} 個助理，請先刪除不再使用的助理`);
    const english = await call(assistantsRoute.POST, { method: "POST", cookie: `${owner.cookie}; ${LOCALE_COOKIE}=en`, body: { name: "one too many" } });
    expect(english.body.error.message).toContain(`at most ${ASSISTANTS_PER_OWNER_MAX} assistants`);
    expect((await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants).toHaveLength(ASSISTANTS_PER_OWNER_MAX);
  });

  it("is for those with a workspace: an ordinary user gets 403 while workspaces are for admins", async () => {
    const user = await seedUser({ role: "user" });
    expect((await call(assistantsRoute.GET, { cookie: user.cookie })).status).toBe(403);
  });
});

describe("each assistant answers only from its own knowledge", () => {
  it("in the owner's chat: its own conversation, its own documents, nothing cited from the others", async () => {
    const { owner, handbook, faq } = await ownerWithTwoDocuments();
    const hr = (await create(owner, { name: "員工手冊助理", knowledge: { all: false, documentIds: [handbook] } })).body;
    const product = (await create(owner, { name: "產品 FAQ", knowledge: { all: false, documentIds: [faq] } })).body;

    const own = await ask(owner, "特休假有幾天？", hr.id);
    expect(own.status).toBe(200);
    expect(own.body.aiMessage.content).toContain("七天特休假");
    expect(cited(own.body)).toEqual(["員工手冊.txt"]);
    const elsewhere = await ask(owner, "特休假有幾天？", product.id);
    expect(elsewhere.body.aiMessage.content).not.toContain("特休");
    expect(cited(elsewhere.body)).toEqual([]);
    const warranty = await ask(owner, "保固期間多久？", product.id);
    expect(cited(warranty.body)).toEqual(["產品FAQ.txt"]);

    // Each keeps its own conversation; the default one (all documents) has none yet.
    expect((await conversation(owner, hr.id)).body.map((m: { content: string }) => m.content)).toEqual(["特休假有幾天？", own.body.aiMessage.content]);
    expect((await conversation(owner, product.id)).body).toHaveLength(4);
    expect((await conversation(owner)).body).toEqual([]);

    // Start over and export are per assistant too.
    const exported = await call(exportRoute.GET, { cookie: owner.cookie, path: `/api/messages/export?format=txt&assistantId=${product.id}` });
    expect(exported.status).toBe(200);
    expect(exported.body).toContain("保固期間多久？");
    expect(exported.body).not.toContain("七天特休假");
    expect((await call(messagesRoute.DELETE, { method: "DELETE", cookie: owner.cookie, path: `/api/messages?assistantId=${product.id}` })).body).toEqual({ ok: true, deleted: 4 });
    expect((await conversation(owner, hr.id)).body).toHaveLength(2);
  });

  it("through collections, which several assistants share, as they are at each question", async () => {
    const { owner, handbook, faq } = await ownerWithTwoDocuments();
    const collection = (await call(collectionsRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "人事" } })).body;
    const hr = (await create(owner, { name: "人資", knowledge: { all: false, collectionIds: [collection.id] } })).body;
    const newcomer = (await create(owner, { name: "新人", knowledge: { all: false, collectionIds: [collection.id] } })).body;
    expect(cited((await ask(owner, "特休假有幾天？", hr.id)).body)).toEqual([]);
    const added = await call(collectionDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: collection.id }, body: { add: [handbook, faq] } });
    expect(added.body.documentIds.sort()).toEqual([handbook, faq].sort());
    expect(cited((await ask(owner, "特休假有幾天？", hr.id)).body)).toEqual(["員工手冊.txt"]);
    expect(cited((await ask(owner, "特休假有幾天？", newcomer.id)).body)).toEqual(["員工手冊.txt"]);
    await call(collectionDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: collection.id }, body: { remove: [handbook] } });
    expect(cited((await ask(owner, "特休假有幾天？", newcomer.id)).body)).toEqual([]);
    // A deleted collection takes nothing but itself: its documents stay, its assistants lose them.
    expect((await call(collectionRoute.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: collection.id } })).body).toEqual({ ok: true });
    expect(cited((await ask(owner, "保固期間多久？", hr.id)).body)).toEqual([]);
    expect(cited((await ask(owner, "保固期間多久？")).body)).toEqual(["產品FAQ.txt"]);
  });

  it("an assistant of all documents takes later uploads; bulk changes apply to chosen ones only", async () => {
    const { owner, handbook, faq } = await ownerWithTwoDocuments();
    const chosen = (await create(owner, { name: "選擇的", knowledge: { all: false } })).body;
    const all = (await create(owner, { name: "全部的" })).body;
    expect(all.knowledge.all).toBe(true);
    const third = await upload(owner, "公告.txt", "停電公告\n\n本大樓將於週六上午九點停電三小時。");
    await drainJobs();
    expect(cited((await ask(owner, "什麼時候停電？", all.id)).body)).toEqual(["公告.txt"]);
    expect(cited((await ask(owner, "什麼時候停電？", chosen.id)).body)).toEqual([]);

    const bulk = await call(assistantDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: chosen.id }, body: { add: [handbook, faq, third] } });
    expect(bulk.body).toMatchObject({ knowledge: { all: false }, documentCount: 3 });
    await call(assistantDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: chosen.id }, body: { remove: [faq] } });
    expect((await call(assistantRoute.GET, { cookie: owner.cookie, params: { id: chosen.id } })).body.knowledge.documentIds.sort()).toEqual([handbook, third].sort());
    const refused = await call(assistantDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: all.id }, body: { add: [faq] } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("已使用你的所有文件");

    // Deleting a document removes it everywhere.
    expect((await call(documentRoute.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: third } })).status).toBe(200);
    expect((await call(assistantRoute.GET, { cookie: owner.cookie, params: { id: chosen.id } })).body.knowledge.documentIds).toEqual([handbook]);
    expect(cited((await ask(owner, "什麼時候停電？", chosen.id)).body)).toEqual([]);
  });

  it("a document uploaded for an assistant (from its insights) joins its chosen documents and answers there; a stranger's assistant stores nothing", async () => {
    const { owner } = await ownerWithTwoDocuments();
    const chosen = (await create(owner, { name: "選擇的", knowledge: { all: false } })).body;
    const all = (await create(owner, { name: "全部的" })).body;
    const uploadFor = async (who: Owner, assistantId: string, name: string, text: string) => {
      const { rawBody, headers } = await multipart({ file: new File([text], name, { type: "text/plain" }), assistantId });
      return call(uploadRoute.POST, { method: "POST", path: "/api/documents/upload", cookie: who.cookie, rawBody, headers });
    };
    const made = await uploadFor(owner, chosen.id, "公告.txt", "停電公告\n\n本大樓將於週六上午九點停電三小時。");
    expect(made.status).toBe(201);
    await drainJobs();
    expect((await call(assistantRoute.GET, { cookie: owner.cookie, params: { id: chosen.id } })).body.knowledge.documentIds).toEqual([made.body.id]);
    expect(cited((await ask(owner, "什麼時候停電？", chosen.id)).body)).toEqual(["公告.txt"]);
    // One of every document already takes it: nothing to choose.
    expect((await uploadFor(owner, all.id, "公告二.txt", "第二份公告\n\n電梯保養在週日。")).status).toBe(201);
    expect((await call(assistantRoute.GET, { cookie: owner.cookie, params: { id: all.id } })).body.knowledge).toMatchObject({ all: true, documentIds: [] });

    const stranger = await seedUser({ role: "admin" });
    const before = (await call(documentsRoute.GET, { cookie: stranger.cookie })).body.length;
    const refused = await uploadFor(stranger, chosen.id, "偷放.txt", "不該出現的文件");
    expect(refused.status).toBe(404);
    expect((await call(documentsRoute.GET, { cookie: stranger.cookie })).body).toHaveLength(before);
    expect((await call(assistantRoute.GET, { cookie: owner.cookie, params: { id: chosen.id } })).body.knowledge.documentIds).toEqual([made.body.id]);
  });

  it("opening questions and follow-ups come from the assistant's own documents", async () => {
    const { owner, handbook } = await ownerWithTwoDocuments();
    const hr = (await create(owner, { name: "人資", knowledge: { all: false, documentIds: [handbook] } })).body;
    const opening: string[] = (await call(initialQuestionsRoute.POST, { method: "POST", cookie: owner.cookie, body: { assistantId: hr.id } })).body.questions;
    expect(opening.length).toBeGreaterThan(0);
    for (const q of opening) expect(q).not.toMatch(/保固|退貨|產品/);
    const everyone: string[] = (await call(initialQuestionsRoute.POST, { method: "POST", cookie: owner.cookie, body: {} })).body.questions;
    expect(everyone.some((q) => /保固|退貨|產品/.test(q))).toBe(true);
    const followUps: string[] = (
      await call(suggestionsRoute.POST, { method: "POST", cookie: owner.cookie, body: { assistantId: hr.id, assistantMessage: "加班費以時薪的 1.34 倍計算。", conversationHistory: [{ role: "user", content: "加班費怎麼算？" }] } })
    ).body.suggestions;
    for (const q of followUps) expect(q).not.toMatch(/保固|退貨/);
  });

  it("another owner's assistant or collection is not found, on every route", async () => {
    const { owner } = await ownerWithTwoDocuments();
    const other = await ownerWithTwoDocuments();
    const theirs = (await create(other.owner, { name: "別人的" })).body;
    const theirCollection = (await call(collectionsRoute.POST, { method: "POST", cookie: other.owner.cookie, body: { name: "別人的" } })).body;
    const statuses = [
      (await call(assistantRoute.GET, { cookie: owner.cookie, params: { id: theirs.id } })).status,
      (await patch(owner, theirs.id, { name: "搶走" })).status,
      (await call(assistantRoute.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: theirs.id } })).status,
      (await call(duplicateRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: theirs.id } })).status,
      (await call(assistantDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: theirs.id }, body: { add: [owner.user.id] } })).status,
      (await ask(owner, "你好", theirs.id)).status,
      (await conversation(owner, theirs.id)).status,
      (await call(exportRoute.GET, { cookie: owner.cookie, path: `/api/messages/export?format=txt&assistantId=${theirs.id}` })).status,
      (await call(initialQuestionsRoute.POST, { method: "POST", cookie: owner.cookie, body: { assistantId: theirs.id } })).status,
      (await call(sharesRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "x", rolePrompt: "", includeDocuments: true, assistantId: theirs.id } })).status,
      (await call(collectionRoute.PATCH, { method: "PATCH", cookie: owner.cookie, params: { id: theirCollection.id }, body: { name: "搶走" } })).status,
      (await call(collectionRoute.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: theirCollection.id } })).status,
      (await call(collectionDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: theirCollection.id }, body: { add: [other.faq] } })).status,
    ];
    expect(statuses).toEqual(statuses.map(() => 404));
    expect((await call(assistantRoute.GET, { cookie: other.owner.cookie, params: { id: theirs.id } })).body.name).toBe("別人的");
  });
});

describe("shares follow their assistant", () => {
  it("answer from its knowledge as it changes, under its name and role prompt unless the share has its own", async () => {
    const { owner, handbook, faq } = await ownerWithTwoDocuments();
    const product = (await create(owner, { name: "產品 FAQ", knowledge: { all: false, documentIds: [faq] } })).body;
    const share = (await call(sharesRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "產品 FAQ", rolePrompt: "", includeDocuments: true, assistantId: product.id } })).body;
    expect(share).toMatchObject({ assistantId: product.id, name: "產品 FAQ", ownName: false, ownRolePrompt: false });

    const visitor = await visitorAsks(share.shareId, "特休假有幾天？");
    expect(visitor.body.aiMessage.content).not.toContain("七天");
    expect(cited(visitor.body)).toEqual([]);
    expect(cited((await visitorAsks(share.shareId, "保固期間多久？")).body)).toEqual(["產品FAQ.txt"]);

    // A document added to the assistant counts at the share's next question; renaming it renames the share.
    await call(assistantDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: product.id }, body: { add: [handbook] } });
    expect(cited((await visitorAsks(share.shareId, "特休假有幾天？")).body)).toEqual(["員工手冊.txt"]);
    await patch(owner, product.id, { name: "客服助理", rolePrompt: "你是客服。" });
    expect((await call(shareRoute.GET, { params: { id: share.shareId } })).body.name).toBe("客服助理");
    expect((await visitorAsks(share.shareId, "你好")).body.aiMessage.content).toContain("客服助理");

    // A share with a name of its own keeps it.
    await call(shareRoute.PATCH, { method: "PATCH", cookie: owner.cookie, params: { id: share.shareId }, body: { name: "門市小幫手" } });
    await patch(owner, product.id, { name: "客服助理二號" });
    expect((await call(shareRoute.GET, { params: { id: share.shareId } })).body.name).toBe("門市小幫手");
  });

  it("POST /api/shared-assistants without an assistant shares the default one; includeDocuments false shares no documents", async () => {
    const { owner } = await ownerWithTwoDocuments();
    const plain = (await call(sharesRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "公開助理", rolePrompt: "你是客服。", includeDocuments: true } })).body;
    const defaultId = (await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants[0].id;
    expect(plain).toMatchObject({ assistantId: defaultId, name: "公開助理", ownName: true, ownRolePrompt: true });
    expect(cited((await visitorAsks(plain.shareId, "保固期間多久？")).body)).toEqual(["產品FAQ.txt"]);
    const bare = (await call(sharesRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "空白", rolePrompt: "", includeDocuments: false } })).body;
    expect(cited((await visitorAsks(bare.shareId, "保固期間多久？")).body)).toEqual([]);
  });

  it("deleting an assistant keeps its documents, ends its shares and its own chat; the last one stays", async () => {
    const { owner, faq } = await ownerWithTwoDocuments();
    const product = (await create(owner, { name: "產品 FAQ", knowledge: { all: false, documentIds: [faq] } })).body;
    const share = (await call(sharesRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "產品 FAQ", rolePrompt: "", includeDocuments: true, assistantId: product.id } })).body;
    await ask(owner, "保固期間多久？", product.id);
    expect((await call(assistantRoute.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: product.id } })).body).toEqual({ ok: true });
    expect((await call(shareRoute.GET, { params: { id: share.shareId } })).status).toBe(404);
    expect((await visitorAsks(share.shareId, "保固期間多久？")).status).toBe(404);
    expect((await call(sharesRoute.GET, { cookie: owner.cookie })).body).toEqual([]);
    expect((await conversation(owner, product.id)).status).toBe(404);
    expect(cited((await ask(owner, "保固期間多久？")).body)).toEqual(["產品FAQ.txt"]);

    // The default one goes too once another exists: the oldest remaining becomes the default.
    const [defaultOne] = (await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants;
    const next = (await create(owner, { name: "接手" })).body;
    expect((await call(assistantRoute.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: defaultOne.id } })).status).toBe(200);
    expect((await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants.map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([[next.id, true]]);
    const last = await call(assistantRoute.DELETE, { method: "DELETE", cookie: owner.cookie, params: { id: next.id } });
    expect(last.status).toBe(409);
    expect(last.body.error.message).toBe("至少需要保留一個助理");
    expect((await call(specAssistantRoute.GET, { cookie: owner.cookie })).body.name).toBe("接手");
  });
});

describe("GET /api/documents", () => {
  it("tells for each document its collections, the assistants it was chosen for and every assistant that answers from it", async () => {
    const { owner, handbook, faq } = await ownerWithTwoDocuments();
    const collection = (await call(collectionsRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "客服" } })).body;
    await call(collectionDocumentsRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: collection.id }, body: { add: [faq] } });
    const hr = (await create(owner, { name: "人資", knowledge: { all: false, documentIds: [handbook] } })).body;
    const support = (await create(owner, { name: "客服", knowledge: { all: false, collectionIds: [collection.id] } })).body;
    const defaultId = (await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants[0].id;
    const listed = (await call(documentsRoute.GET, { cookie: owner.cookie })).body as { id: string; collectionIds: string[]; assistantIds: string[]; usedByAssistantIds: string[] }[];
    const row = (id: string) => listed.find((d) => d.id === id)!;
    expect(row(handbook)).toMatchObject({ collectionIds: [], assistantIds: [hr.id] });
    expect(row(handbook).usedByAssistantIds.sort()).toEqual([defaultId, hr.id].sort());
    expect(row(faq)).toMatchObject({ collectionIds: [collection.id], assistantIds: [] });
    expect(row(faq).usedByAssistantIds.sort()).toEqual([defaultId, support.id].sort());
  });
});

describe("changing assistants", () => {
  it("renames, switches knowledge, makes another the default, and duplicates without shares or conversation", async () => {
    const { owner, handbook } = await ownerWithTwoDocuments();
    const hr = (await create(owner, { name: "人資", rolePrompt: "你是人資。", knowledge: { all: false, documentIds: [handbook] } })).body;
    await call(sharesRoute.POST, { method: "POST", cookie: owner.cookie, body: { name: "人資", rolePrompt: "", includeDocuments: true, assistantId: hr.id } });
    await ask(owner, "特休假有幾天？", hr.id);

    const changed = await patch(owner, hr.id, { name: "人資助理", knowledge: { all: true } });
    expect(changed.body).toMatchObject({ name: "人資助理", knowledge: { all: true, documentIds: [] }, documentCount: 2, shareCount: 1 });
    const copy = await call(duplicateRoute.POST, { method: "POST", cookie: owner.cookie, params: { id: hr.id } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "人資助理（副本）", rolePrompt: "你是人資。", knowledge: { all: true }, shareCount: 0, isDefault: false });
    expect((await conversation(owner, copy.body.id)).body).toEqual([]);

    expect((await patch(owner, hr.id, { isDefault: true })).body.isDefault).toBe(true);
    const listed = (await call(assistantsRoute.GET, { cookie: owner.cookie })).body.assistants;
    expect(listed.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: string }) => a.id)).toEqual([hr.id]);
    // The single-assistant API's one assistant is now this one; its conversation is the chat's without an id.
    expect((await call(specAssistantRoute.GET, { cookie: owner.cookie })).body).toEqual({ name: "人資助理", rolePrompt: "你是人資。" });
    expect((await conversation(owner)).body).toHaveLength(2);
  });
});
