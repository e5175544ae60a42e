import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as aiSuggestions from "@/app/api/ai-suggestions/route";
import * as analyzeImage from "@/app/api/analyze-image/route";
import * as initialQuestions from "@/app/api/initial-questions/route";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import { SHARE_IMAGE_ANALYSES_PER_IP_PER_MINUTE, SHARE_IMAGE_ANALYSES_PER_LINK_PER_MINUTE } from "@/lib/constants";
import { AI_SERVICE_SETTING } from "@/lib/server/ai/providers";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { setSetting } from "@/lib/server/queries/app-settings";
import { startFakeOpenAi } from "../support/fake-openai";
import { getDb } from "@/lib/server/db/client";
import { apiUsage, messages } from "@/lib/server/db/schema";
import { suggestionTexts } from "@/lib/server/ai/suggestion-texts";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { createShare, revokeOwnerShare, updateOwnerShare } from "@/lib/server/queries/shared-assistants";
import { GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, multipart, seedUser } from "../support/http";

// The suggestion and image routes serve the workspace and, with a share id, a share's visitors;
// and a guest who signs in takes their conversation on that share with them.

const WASTE = "臺北市垃圾清運\n\n## 資源回收\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。\n\n## 巨大垃圾\n\n巨大垃圾需事先預約，清潔隊會在預約日到府收運。";

let ipSeq = 0;
const freshIp = () => `100.91.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const session = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;

async function ownerWithShare(options: { includeDocuments?: boolean } = {}) {
  const owner = await seedUser({ role: "admin" });
  await uploadDocument({ user: owner.user, name: "垃圾清運.md", bytes: new TextEncoder().encode(WASTE) });
  await drainJobs();
  const share = await createShare({ ownerId: owner.user.id, name: "清運小幫手", rolePrompt: "", includeDocuments: options.includeDocuments ?? true });
  return { owner, share };
}

const initial = (body: Record<string, unknown>, cookie?: string, ip = freshIp()) =>
  call(initialQuestions.POST, { method: "POST", path: "/api/initial-questions", body, cookie, headers: { "x-client-ip": ip } });
const followUps = (body: Record<string, unknown>, cookie?: string) =>
  call(aiSuggestions.POST, { method: "POST", path: "/api/ai-suggestions", body, cookie, headers: { "x-client-ip": freshIp() } });

function tinyPng(): File {
  const bytes = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");
  return new File([new Uint8Array(bytes)], "dot.png", { type: "image/png" });
}

async function analyze(shareId: string | undefined, options: { cookie?: string; ip?: string } = {}) {
  const { rawBody, headers } = await multipart({ image: tinyPng() });
  const path = shareId === undefined ? "/api/analyze-image" : `/api/analyze-image?shareId=${shareId}`;
  return call(analyzeImage.POST, { method: "POST", path, rawBody, cookie: options.cookie, headers: { ...headers, "x-client-ip": options.ip ?? freshIp() } });
}

beforeAll(() => registerJobs());

describe("POST /api/initial-questions (shared mode)", () => {
  it("gives a visitor questions the owner's documents answer, and the fixed list when the share has no documents", async () => {
    const { share } = await ownerWithShare();
    const res = await initial({ shareId: share.shareId, forceRegenerate: true });
    expect(res.status).toBe(200);
    expect(res.body.questions.length).toBeGreaterThan(0);
    expect(res.body.questions.join("\n")).toMatch(/資源回收|巨大垃圾/);

    const bare = await ownerWithShare({ includeDocuments: false });
    const fixed = suggestionTexts("zh-TW").initialFallback;
    const none = await initial({ shareId: bare.share.shareId });
    expect(none.status).toBe(200);
    expect([...none.body.questions].sort()).toEqual([...fixed].sort());
  });

  it("shows questions on a google_required share before sign-in, and answers 404 for unknown or revoked links", async () => {
    const { owner, share } = await ownerWithShare();
    await updateOwnerShare(owner.user.id, share.shareId, { accessMode: "google_required" });
    expect((await initial({ shareId: share.shareId })).status).toBe(200);
    expect((await initial({ shareId: "no-such-share" })).status).toBe(404);
    await revokeOwnerShare(owner.user.id, share.shareId);
    const gone = await initial({ shareId: share.shareId });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe("找不到此共享助手，請確認連結是否正確");
  });

  it("still needs a workspace without a share id", async () => {
    expect((await initial({})).status).toBe(401);
    const user = await seedUser({ role: "user" });
    expect((await initial({}, user.cookie)).status).toBe(403);
  });

  it("never makes the owner pay for a visitor: no hosted-model call, nothing stored; the owner's own visit uses the model", async () => {
    const fake = await startFakeOpenAi();
    try {
      const { owner, share } = await ownerWithShare();
      await setSetting(AI_SERVICE_SETTING, { baseUrl: fake.baseUrl, allowPrivateNetwork: true, chatModel: "test-model", timeoutMs: 5_000 });
      fake.mode = "ok";
      fake.reply = "資源回收是哪幾天？";
      for (const locale of ["zh-TW", "en", "zh-TW"]) {
        const res = await initial({ shareId: share.shareId, forceRegenerate: true }, `NEXT_LOCALE=${locale}`);
        expect(res.status).toBe(200);
        expect(res.body.questions.length).toBeGreaterThan(0);
      }
      expect(fake.requests).toHaveLength(0);
      expect((await defaultAssistant(owner.user.id)).initialQuestions).toBeNull();

      const mine = await initial({ shareId: share.shareId, forceRegenerate: true }, owner.cookie);
      expect(mine.body.questions).toContain("資源回收是哪幾天？");
      expect(fake.requests.length).toBeGreaterThan(0);
    } finally {
      await setSetting(AI_SERVICE_SETTING, {});
      await fake.close();
    }
  });

  it("limits a visitor's address", async () => {
    const { share } = await ownerWithShare({ includeDocuments: false });
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await initial({ shareId: share.shareId }, undefined, ip)).status;
    expect(last).toBe(429);
  });
});

describe("POST /api/ai-suggestions (shared mode)", () => {
  it("suggests follow-ups from the share's documents; google_required needs sign-in; revoked is 404", async () => {
    const { owner, share } = await ownerWithShare();
    const body = { shareId: share.shareId, assistantMessage: "資源回收在每週二與週四收運。", conversationHistory: [{ role: "user", content: "資源回收是哪幾天？" }] };
    const open = await followUps(body);
    expect(open.status).toBe(200);
    expect(open.body.suggestions.length).toBeGreaterThan(0);

    await updateOwnerShare(owner.user.id, share.shareId, { accessMode: "google_required" });
    const anonymous = await followUps(body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.requireAuth).toBe(true);
    const visitor = await seedUser({ role: "user" });
    expect((await followUps(body, visitor.cookie)).status).toBe(200);

    await revokeOwnerShare(owner.user.id, share.shareId);
    expect((await followUps(body, visitor.cookie)).status).toBe(404);
  });
});

describe("POST /api/analyze-image?shareId= (shared mode)", () => {
  it("analyses a visitor's image, charged to the share's owner", async () => {
    const { owner, share } = await ownerWithShare();
    const res = await analyze(share.shareId);
    expect(res.status).toBe(200);
    expect(res.body.analysis).toContain("PNG");
    const db = await getDb();
    const usage = await db.select().from(apiUsage).where(eq(apiUsage.sharedAssistantId, share.id));
    expect(usage).toHaveLength(1);
    expect(usage[0].userId).toBe(owner.user.id);
  });

  it("refuses before reading the image: google_required without sign-in, unknown links, over the limit", async () => {
    const { owner, share } = await ownerWithShare();
    const ip = freshIp();
    for (let i = 0; i < SHARE_IMAGE_ANALYSES_PER_IP_PER_MINUTE; i++) expect((await analyze(share.shareId, { ip })).status).toBe(200);
    const over = await analyze(share.shareId, { ip });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);

    await updateOwnerShare(owner.user.id, share.shareId, { accessMode: "google_required" });
    const anonymous = await analyze(share.shareId);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.requireAuth).toBe(true);
    expect((await analyze("no-such-share")).status).toBe(404);
    expect((await analyze(undefined)).status).toBe(401);
  });
});

describe("POST /api/analyze-image?shareId= (per link)", () => {
  it("limits the link across addresses, so many addresses together cannot run up the owner's bill", async () => {
    const { share } = await ownerWithShare({ includeDocuments: false });
    const statuses: number[] = [];
    for (let i = 0; i <= SHARE_IMAGE_ANALYSES_PER_LINK_PER_MINUTE; i++) statuses.push((await analyze(share.shareId)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("GET /api/shared-assistants/{shareId}/messages after sign-in", () => {
  const post = (shareId: string, body: Record<string, unknown>, cookie?: string) =>
    call(shareMessages.POST, { method: "POST", path: `/api/shared-assistants/${shareId}/messages`, params: { id: shareId }, body, cookie, headers: { "x-client-ip": freshIp() } });
  const get = (shareId: string, sessionId: string, cookie: string) =>
    call(shareMessages.GET, { path: `/api/shared-assistants/${shareId}/messages?sessionId=${sessionId}`, params: { id: shareId }, cookie, headers: { "x-client-ip": freshIp() } });

  it("moves the guest's conversation on that share to the account that signed in from the same browser", async () => {
    const { share } = await ownerWithShare();
    const id = session();
    const first = await post(share.shareId, { message: "資源回收是哪幾天？", sessionId: id });
    const browser = first.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!.split(";")[0];

    // Someone else signed in, presenting the session id without this browser's key, gets nothing.
    const stranger = await seedUser({ role: "user" });
    expect((await get(share.shareId, id, stranger.cookie)).body).toEqual([]);

    const visitor = await seedUser({ role: "user" });
    const mine = await get(share.shareId, id, `${visitor.cookie}; ${browser}`);
    expect(mine.body.map((m: { role: string; content: string }) => m.role)).toEqual(["user", "assistant"]);
    expect(mine.body[0].content).toBe("資源回收是哪幾天？");
    // Now the account's: without the guest key, and no longer the guest session's.
    expect((await get(share.shareId, id, visitor.cookie)).body).toHaveLength(2);
    expect((await get(share.shareId, id, browser)).body).toEqual([]);
    const db = await getDb();
    const rows = await db.select().from(messages).where(and(eq(messages.sharedAssistantId, share.id), eq(messages.registeredUserId, visitor.user.id)));
    expect(rows.every((r) => r.guestUserId === null && r.sessionId === null)).toBe(true);
    expect((await get(share.shareId, id, stranger.cookie)).body).toEqual([]);
  });
});

describe("a share's visitor can chat only", () => {
  it("gets nothing of the owner's workspace: no documents, no conversation, no settings, no share list", async () => {
    const { owner, share } = await ownerWithShare();
    const first = await call(shareMessages.POST, {
      method: "POST",
      path: `/api/shared-assistants/${share.shareId}/messages`,
      params: { id: share.shareId },
      body: { message: "資源回收是哪幾天？", sessionId: session() },
      headers: { "x-client-ip": freshIp() },
    });
    const guest = first.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!.split(";")[0];
    const googleVisitor = await seedUser({ role: "user" });
    const documents = await import("@/app/api/documents/route");
    const ownMessages = await import("@/app/api/messages/route");
    const assistant = await import("@/app/api/assistant/route");
    const shares = await import("@/app/api/shared-assistants/route");
    for (const [cookie, expected] of [[guest, 401], [googleVisitor.cookie, 403]] as const) {
      for (const [handler, path] of [
        [documents.GET, "/api/documents"],
        [ownMessages.GET, "/api/messages"],
        [assistant.GET, "/api/assistant"],
        [shares.GET, "/api/shared-assistants"],
      ] as const) {
        const res = await call(handler, { path, cookie });
        expect(res.status, `${path} ${expected}`).toBe(expected);
      }
    }
    // What the visitor's own calls return carries no document list and nothing of the owner.
    expect(Object.keys(first.body.aiMessage).sort()).toEqual(["content", "createdAt", "id", "imageData", "imageFileName", "isError", "rating", "ratingComment", "role", "sources"].sort());
    expect(JSON.stringify(first.body)).not.toContain(owner.user.email);
  });
});

describe("limits counted in one statement", () => {
  it("counts each limit only while the ones before it hold, and refuses at the first exceeded", async () => {
    const { consumeLimits } = await import("@/lib/server/http/rate-limit");
    const { readWindow } = await import("@/lib/server/queries/rate-limits");
    const tag = Math.random().toString(36).slice(2);
    const checks = [
      { key: `t:${tag}:ip`, limit: 2, windowMs: 60_000 },
      { key: `t:${tag}:visitor`, limit: 5, windowMs: 60_000 },
      { key: `t:${tag}:link`, limit: 5, windowMs: 60_000 },
    ];
    await consumeLimits(checks);
    await consumeLimits(checks);
    const refused = await consumeLimits(checks).then(() => null, (e: unknown) => e as { status: number; headers?: Record<string, string> });
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers?.["Retry-After"])).toBeGreaterThan(0);
    await expect(consumeLimits(checks)).rejects.toMatchObject({ status: 429 });
    // The address went over; the visitor's and the link's budgets kept only the two that passed.
    expect((await readWindow(checks[0].key))?.count).toBe(4);
    expect((await readWindow(checks[1].key))?.count).toBe(2);
    expect((await readWindow(checks[2].key))?.count).toBe(2);
  });
});

describe("a retried send's client id", () => {
  const post = (shareId: string, body: Record<string, unknown>, cookie?: string) =>
    call(shareMessages.POST, { method: "POST", path: `/api/shared-assistants/${shareId}/messages`, params: { id: shareId }, body, cookie, headers: { "x-client-ip": freshIp() } });

  it("returns the stored exchange to the same conversation only; another visitor presenting it gets their own answer", async () => {
    const { share } = await ownerWithShare();
    const clientId = `msg_${Date.now()}_secretretry`;
    const id = session();
    const first = await post(share.shareId, { message: "資源回收是哪幾天？", sessionId: id, clientId });
    const browser = first.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!.split(";")[0];
    const retry = await post(share.shareId, { message: "資源回收是哪幾天？", sessionId: id, clientId }, browser);
    expect(retry.body.userMessage.id).toBe(first.body.userMessage.id);
    expect((await call(shareMessages.GET, { path: `/api/shared-assistants/${share.shareId}/messages?sessionId=${id}`, params: { id: share.shareId }, cookie: browser })).body).toHaveLength(2);

    const stranger = await post(share.shareId, { message: "巨大垃圾怎麼丟？", sessionId: session(), clientId });
    expect(stranger.status).toBe(200);
    expect(stranger.body.userMessage.id).not.toBe(first.body.userMessage.id);
    expect(stranger.body.userMessage.content).toBe("巨大垃圾怎麼丟？");
    expect(JSON.stringify(stranger.body)).not.toContain("資源回收是哪幾天");
  });
});

describe("the same send twice at once", () => {
  it("stores one exchange and answers both with it", async () => {
    const { share } = await ownerWithShare();
    const id = session();
    const clientId = `msg_${Date.now()}_racingretry`;
    const first = await call(shareMessages.POST, {
      method: "POST",
      path: `/api/shared-assistants/${share.shareId}/messages`,
      params: { id: share.shareId },
      body: { message: "先建立這個瀏覽器的對話", sessionId: id },
      headers: { "x-client-ip": freshIp() },
    });
    const browser = first.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!.split(";")[0];
    const send = () =>
      call(shareMessages.POST, {
        method: "POST",
        path: `/api/shared-assistants/${share.shareId}/messages`,
        params: { id: share.shareId },
        body: { message: "資源回收是哪幾天？", sessionId: id, clientId },
        cookie: browser,
        headers: { "x-client-ip": freshIp() },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.userMessage.id).toBe(b.body.userMessage.id);
    const list = await call(shareMessages.GET, { path: `/api/shared-assistants/${share.shareId}/messages?sessionId=${id}`, params: { id: share.shareId }, cookie: browser });
    expect(list.body.filter((m: { content: string }) => m.content === "資源回收是哪幾天？")).toHaveLength(1);
  });
});
