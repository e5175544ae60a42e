import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as messages from "@/app/api/messages/route";
import * as ownRating from "@/app/api/messages/[id]/rating/route";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import * as shareRating from "@/app/api/shared-assistants/[id]/messages/[messageId]/rating/route";
import { LOCALE_COOKIE, SHARE_RATINGS_PER_VISITOR_PER_MINUTE } from "@/lib/constants";
import { AI_SERVICE_SETTING } from "@/lib/server/ai/providers";
import { NOT_IN_DOCUMENTS_MARK } from "@/lib/server/ai/not-in-documents";
import { getDb } from "@/lib/server/db/client";
import { messages as messagesTable } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setSetting } from "@/lib/server/queries/app-settings";
import { createShare, updateOwnerShare } from "@/lib/server/queries/shared-assistants";
import { GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, seedUser } from "../support/http";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";

const WASTE = [
  "臺北市垃圾清運公告",
  "垃圾車每週一、三、五晚上七點收運一般垃圾。",
  "資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。",
  "廚餘請以有蓋容器盛裝，於垃圾車到達時交給隨車人員。",
].join("\n\n");

let ipSeq = 0;
const freshIp = () => `100.91.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const session = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;

async function ownerWithDocument() {
  const owner = await seedUser({ role: "admin" });
  await uploadDocument({ user: owner.user, name: "垃圾清運.txt", bytes: new TextEncoder().encode(WASTE) });
  await drainJobs();
  return owner;
}

async function ask(cookie: string, content: string, headers: Record<string, string> = {}) {
  const res = await call(messages.POST, { method: "POST", path: "/api/messages", cookie, body: { content }, headers });
  expect(res.status).toBe(200);
  return res;
}

function rateOwn(cookie: string, messageId: string, body: unknown) {
  return call(ownRating.PUT, { method: "PUT", path: `/api/messages/${messageId}/rating`, params: { id: messageId }, cookie, body });
}

async function storedReply(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(messagesTable).where(eq(messagesTable.id, id));
  return row;
}

beforeAll(() => registerJobs());

describe("PUT /api/messages/{id}/rating", () => {
  it("keeps the owner's thumbs down with its comment on the reply, changes it and takes it back", async () => {
    const { cookie } = await ownerWithDocument();
    const { body } = await ask(cookie, "資源回收是哪幾天？");
    const replyId = body.aiMessage.id;

    const down = await rateOwn(cookie, replyId, { rating: "down", comment: "  少了週六的說明  " });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ id: replyId, rating: "down", ratingComment: "少了週六的說明" });
    expect((await call(messages.GET, { cookie })).body[1]).toMatchObject({ id: replyId, rating: "down", ratingComment: "少了週六的說明" });

    const up = await rateOwn(cookie, replyId, { rating: "up" });
    expect(up.body).toMatchObject({ rating: "up", ratingComment: null });
    const row = await storedReply(replyId);
    expect(row.rating).toBe("up");
    expect(row.ratedAt).toBeInstanceOf(Date);

    const back = await rateOwn(cookie, replyId, { rating: null });
    expect(back.body).toMatchObject({ rating: null, ratingComment: null });
    expect((await storedReply(replyId)).ratedAt).toBeNull();
  });

  it("answers 404 for another owner's reply and for a question, and changes nothing", async () => {
    const { cookie } = await ownerWithDocument();
    const other = await ownerWithDocument();
    const { body } = await ask(cookie, "資源回收是哪幾天？");
    const refused = await rateOwn(other.cookie, body.aiMessage.id, { rating: "down" });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe("在您的對話中找不到這則回覆");
    expect((await rateOwn(cookie, body.userMessage.id, { rating: "up" })).status).toBe(404);
    expect((await storedReply(body.aiMessage.id)).rating).toBeNull();
  });

  it("refuses a bad vote or a long comment with a translated error, keeping the vote it had", async () => {
    const { cookie } = await ownerWithDocument();
    const { body } = await ask(cookie, "資源回收是哪幾天？");
    await rateOwn(cookie, body.aiMessage.id, { rating: "up" });
    // Each refusal names its message key, which the screen reads in the reader's language (messages/*.json).
    const sideways = await rateOwn(`${cookie}; ${LOCALE_COOKIE}=en`, body.aiMessage.id, { rating: "sideways" });
    expect(sideways.status).toBe(400);
    expect(sideways.body.error.details).toEqual([expect.objectContaining({ path: "rating", message: "validation.ratingInvalid" })]);
    const long = await rateOwn(cookie, body.aiMessage.id, { rating: "down", comment: "長".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error.details).toEqual([expect.objectContaining({ path: "comment", message: "validation.ratingCommentTooLong" })]);
    expect((await storedReply(body.aiMessage.id)).rating).toBe("up");
  });
});

describe("answer signal on POST /api/messages", () => {
  it("offline: a question the documents answer is answered, one they do not is not answered", async () => {
    const { cookie } = await ownerWithDocument();
    const known = await ask(cookie, "資源回收是哪幾天？");
    expect((await storedReply(known.body.aiMessage.id)).answerSignal).toBe("answered");
    const unknown = await ask(cookie, "太空梭的燃料是什麼成分？");
    expect((await storedReply(unknown.body.aiMessage.id)).answerSignal).toBe("not_answered");
    // The question itself carries no signal: only replies know.
    expect((await storedReply(known.body.userMessage.id)).answerSignal).toBeNull();
    // Nor does what the reader receives.
    expect(known.body.aiMessage).not.toHaveProperty("answerSignal");
  });

  describe("with an AI service", () => {
    let fake: FakeOpenAi;
    beforeAll(async () => {
      fake = await startFakeOpenAi();
    });
    afterAll(async () => {
      await fake.close();
    });
    afterEach(async () => {
      await setSetting(AI_SERVICE_SETTING, {});
    });

    it("is told to mark a reply the documents do not answer; the mark is kept from the reader and makes it not answered", async () => {
      const { cookie } = await ownerWithDocument();
      await setSetting(AI_SERVICE_SETTING, { baseUrl: fake.baseUrl, allowPrivateNetwork: true, chatModel: "test-model", timeoutMs: 5_000 });
      fake.reply = `${NOT_IN_DOCUMENTS_MARK} 文件中沒有提到週六的收運時間。`;
      fake.requests.length = 0;
      const res = await call(messages.POST, { method: "POST", path: "/api/messages", cookie, body: { content: "資源回收週六收嗎？" }, headers: { accept: "text/event-stream" } });
      const system = fake.requests.at(-1)!.body.messages.find((m: { role: string }) => m.role === "system").content;
      expect(system).toContain(NOT_IN_DOCUMENTS_MARK);
      const stream = (res.body as string).split("\n\n").filter((b) => b.trim() !== "");
      expect(stream.join("")).not.toContain("not-in-documents");
      const done = JSON.parse(/^data: (.*)$/m.exec(stream.at(-1)!)![1]);
      expect(done.aiMessage.content).toBe("文件中沒有提到週六的收運時間。");
      expect((await storedReply(done.aiMessage.id)).answerSignal).toBe("not_answered");

      fake.reply = "資源回收在週二與週四 [1]。";
      const known = await ask(cookie, "資源回收是哪幾天？");
      expect(known.body.aiMessage.content).toBe("資源回收在週二與週四 [1]。");
      expect((await storedReply(known.body.aiMessage.id)).answerSignal).toBe("answered");
    });
  });
});

describe("PUT /api/shared-assistants/{shareId}/messages/{messageId}/rating", () => {
  async function shareWithGuest() {
    const owner = await ownerWithDocument();
    const share = await createShare({ ownerId: owner.user.id, name: "清運小幫手", rolePrompt: "", includeDocuments: true });
    const sessionId = session();
    const asked = await call(shareMessages.POST, { method: "POST", path: `/api/shared-assistants/${share.shareId}/messages`, params: { id: share.shareId }, body: { message: "資源回收是哪幾天？", sessionId }, headers: { "x-client-ip": freshIp() } });
    expect(asked.status).toBe(200);
    const cookie = asked.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!.split(";")[0];
    return { owner, share, guest: { sessionId, cookie, replyId: asked.body.aiMessage.id as string } };
  }

  function rateShared(shareId: string, messageId: string, body: Record<string, unknown>, cookie?: string, ip = freshIp()) {
    return call(shareRating.PUT, { method: "PUT", path: `/api/shared-assistants/${shareId}/messages/${messageId}/rating`, params: { id: shareId, messageId }, body, cookie, headers: { "x-client-ip": ip } });
  }

  it("keeps a guest's vote on their own reply; another visitor can neither change nor see it", async () => {
    const { share, guest } = await shareWithGuest();
    const rated = await rateShared(share.shareId, guest.replyId, { rating: "down", comment: "沒有回答週六", sessionId: guest.sessionId }, guest.cookie);
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ rating: "down", ratingComment: "沒有回答週六" });

    // Another browser naming the same session id, and another guest with a conversation of their own.
    const stranger = await rateShared(share.shareId, guest.replyId, { rating: "up", sessionId: guest.sessionId });
    expect(stranger.status).toBe(404);
    const other = await shareWithGuest();
    const otherShareGuest = await rateShared(share.shareId, guest.replyId, { rating: "up", sessionId: other.guest.sessionId }, other.guest.cookie);
    expect(otherShareGuest.status).toBe(404);
    expect((await storedReply(guest.replyId)).rating).toBe("down");

    const own = await call(shareMessages.GET, { path: `/api/shared-assistants/${share.shareId}/messages?sessionId=${guest.sessionId}`, params: { id: share.shareId }, cookie: guest.cookie, headers: { "x-client-ip": freshIp() } });
    expect(own.body[1]).toMatchObject({ rating: "down", ratingComment: "沒有回答週六" });
    const theirs = await call(shareMessages.GET, { path: `/api/shared-assistants/${share.shareId}/messages?sessionId=${guest.sessionId}`, params: { id: share.shareId }, headers: { "x-client-ip": freshIp() } });
    expect(theirs.body).toEqual([]);
  });

  it("lets a signed-in visitor rate their reply, and nothing in public mode", async () => {
    const owner = await ownerWithDocument();
    const share = await createShare({ ownerId: owner.user.id, name: "清運小幫手", rolePrompt: "", includeDocuments: true });
    const visitor = await seedUser();
    const asked = await call(shareMessages.POST, { method: "POST", path: `/api/shared-assistants/${share.shareId}/messages`, params: { id: share.shareId }, body: { message: "資源回收是哪幾天？" }, cookie: visitor.cookie, headers: { "x-client-ip": freshIp() } });
    const rated = await rateShared(share.shareId, asked.body.aiMessage.id, { rating: "up" }, visitor.cookie);
    expect(rated.status).toBe(200);
    expect((await storedReply(asked.body.aiMessage.id)).rating).toBe("up");
    // The owner, who may read the conversation, votes only in their own chat.
    expect((await rateOwn(owner.cookie, asked.body.aiMessage.id, { rating: "down" })).status).toBe(404);

    await updateOwnerShare(owner.user.id, share.shareId, { isPublicMode: true });
    expect((await rateShared(share.shareId, asked.body.aiMessage.id, { rating: "down" }, visitor.cookie)).status).toBe(404);
    expect((await storedReply(asked.body.aiMessage.id)).rating).toBe("up");
  });

  it("limits each visitor like messages: 429 with Retry-After beyond the limit", async () => {
    const { share, guest } = await shareWithGuest();
    for (let i = 0; i < SHARE_RATINGS_PER_VISITOR_PER_MINUTE; i++) {
      expect((await rateShared(share.shareId, guest.replyId, { rating: i % 2 ? "up" : "down", sessionId: guest.sessionId }, guest.cookie)).status).toBe(200);
    }
    const refused = await rateShared(share.shareId, guest.replyId, { rating: "up", sessionId: guest.sessionId }, guest.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
