import { beforeAll, describe, expect, it } from "vitest";
import * as messages from "@/app/api/messages/route";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import * as shareRating from "@/app/api/shared-assistants/[id]/messages/[messageId]/rating/route";
import * as insights from "@/app/api/assistants/[id]/insights/route";
import * as insightsExport from "@/app/api/assistants/[id]/insights/export/route";
import * as answers from "@/app/api/assistants/[id]/answers/route";
import * as answer from "@/app/api/assistants/[id]/answers/[answerId]/route";
import * as shareConversation from "@/app/api/shared-assistants/[id]/conversations/[conversationId]/route";
import * as retention from "@/app/api/assistants/[id]/retention/route";
import { insertExchange } from "@/lib/server/queries/messages";
import { deleteExpiredConversations } from "@/lib/server/use-cases/keep-conversations";
import { claimGuestSession } from "@/lib/server/queries/guest-sessions";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { createShare } from "@/lib/server/queries/shared-assistants";
import { GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { NextRequest } from "next/server";
import { call, ORIGIN, seedUser } from "../support/http";

const WASTE = [
  "臺北市垃圾清運公告",
  "垃圾車每週一、三、五晚上七點收運一般垃圾。",
  "資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。",
  "廚餘請以有蓋容器盛裝，於垃圾車到達時交給隨車人員。",
].join("\n\n");
const OUTSIDE = "太空梭的燃料是什麼成分？";
const REWORDED = "請問太空梭燃料的成分是什麼";
const FIX = "太空梭主引擎燒的是液態氫與液態氧。";

let ipSeq = 0;
const freshIp = () => `100.92.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const newSession = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;

async function ownerWithShare() {
  const owner = await seedUser({ role: "admin" });
  await uploadDocument({ user: owner.user, name: "垃圾清運.txt", bytes: new TextEncoder().encode(WASTE) });
  await drainJobs();
  const assistant = await defaultAssistant(owner.user.id);
  const share = await createShare({ ownerId: owner.user.id, assistantId: assistant.id, name: "清運小幫手", rolePrompt: "", includeDocuments: true });
  return { owner, assistant, share };
}

/** A guest of the share: asks in their own conversation, and rates its replies. */
function guestOf(shareId: string) {
  const sessionId = newSession();
  let cookie: string | undefined;
  return {
    sessionId,
    async ask(message: string) {
      const res = await call(shareMessages.POST, { method: "POST", path: `/api/shared-assistants/${shareId}/messages`, params: { id: shareId }, body: { message, sessionId }, cookie, headers: { "x-client-ip": freshIp() } });
      expect(res.status).toBe(200);
      cookie ??= res.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!.split(";")[0];
      return res.body.aiMessage;
    },
    async rate(messageId: string, rating: "up" | "down", comment?: string) {
      const res = await call(shareRating.PUT, { method: "PUT", path: `/api/shared-assistants/${shareId}/messages/${messageId}/rating`, params: { id: shareId, messageId }, body: { rating, comment, sessionId }, cookie, headers: { "x-client-ip": freshIp() } });
      expect(res.status).toBe(200);
    },
  };
}

const readInsights = (cookie: string, assistantId: string, query = "") => call(insights.GET, { path: `/api/assistants/${assistantId}/insights${query}`, params: { id: assistantId }, cookie });
const writeAnswer = (cookie: string, assistantId: string, body: unknown) => call(answers.POST, { method: "POST", path: `/api/assistants/${assistantId}/answers`, params: { id: assistantId }, body, cookie });

beforeAll(() => registerJobs());

async function createGuestSession(sharedAssistantId: string): Promise<string> {
  return (await claimGuestSession({ sharedAssistantId, sessionId: newSession(), browserKeyHash: "x", ip: null })).id;
}

describe("GET /api/assistants/{id}/insights", () => {
  it("counts a day's conversations, messages, visitors and unanswered replies, and lists the unanswered and the thumbs-down with their conversations", async () => {
    const { owner, assistant, share } = await ownerWithShare();
    const guest = guestOf(share.shareId);
    const known = await guest.ask("資源回收是哪幾天？");
    await guest.ask(OUTSIDE);
    await guest.ask("資源回收哪天收");
    await guest.rate(known.id, "down", "沒有說到週六");
    await guestOf(share.shareId).ask("資源回收是哪幾天？");
    await call(messages.POST, { method: "POST", path: "/api/messages", cookie: owner.cookie, body: { content: "廚餘怎麼丟？" } });

    const res = await readInsights(owner.cookie, assistant.id);
    expect(res.status).toBe(200);
    const { days, totals, topQuestions, unanswered, thumbsDown, range } = res.body;
    expect(range.days).toBe(30);
    expect(days).toHaveLength(30);
    const today = days.at(-1);
    // Two guests and the owner, in three conversations: four visitor exchanges and the owner's one.
    expect(today).toMatchObject({ conversations: 3, visitors: 3, messages: 10, replies: 5, unanswered: 1, unansweredShare: 0.2 });
    expect(totals).toMatchObject({ messages: 10, replies: 5, unanswered: 1, unansweredShare: 0.2 });

    // The question and its rewording count together.
    expect(topQuestions[0]).toMatchObject({ question: "資源回收是哪幾天？", count: 3, rewordings: ["資源回收哪天收"] });

    expect(unanswered).toHaveLength(1);
    expect(unanswered[0]).toMatchObject({ question: OUTSIDE, conversation: { kind: "share", shareId: share.shareId } });
    expect(thumbsDown).toHaveLength(1);
    expect(thumbsDown[0]).toMatchObject({ question: "資源回收是哪幾天？", comment: "沒有說到週六", conversation: { kind: "share", shareId: share.shareId } });

    // The row's link opens the guest's conversation on the owner's share screen.
    const link = unanswered[0].conversation;
    const opened = await call(shareConversation.GET, { path: `/api/shared-assistants/${link.shareId}/conversations/${link.conversationId}`, params: { id: link.shareId, conversationId: link.conversationId }, cookie: owner.cookie });
    expect(opened.status).toBe(200);
    expect(opened.body.messages.map((m: { content: string }) => m.content)).toContain(OUTSIDE);
  });

  it("is the owner's and the admins': another owner gets 404; a range with nothing is empty; a bad range is refused", async () => {
    const { assistant, share, owner } = await ownerWithShare();
    await guestOf(share.shareId).ask(OUTSIDE);
    const other = await seedUser({ role: "admin" });
    const manager = await seedUser({ role: "manager" });
    expect((await readInsights(manager.cookie, assistant.id)).status).toBe(404);
    // Another administrator reads every assistant's insights.
    expect((await readInsights(other.cookie, assistant.id)).body.totals.unanswered).toBe(1);
    const past = await readInsights(owner.cookie, assistant.id, "?range=custom&from=2020-01-01&to=2020-01-31");
    expect(past.body.totals).toMatchObject({ messages: 0, replies: 0, unansweredShare: null });
    expect(past.body.days).toHaveLength(31);
    const reversed = await readInsights(owner.cookie, assistant.id, "?range=custom&from=2020-02-01&to=2020-01-01");
    expect(reversed.status).toBe(400);
  });
});

describe("GET /api/assistants/{id}/insights/export", () => {
  it("is a CSV with every cell quoted and a visitor's formula made inert", async () => {
    const { owner, assistant, share } = await ownerWithShare();
    const guest = guestOf(share.shareId);
    await guest.ask('=HYPERLINK("http://evil.example","資源回收")');
    await guest.ask(OUTSIDE);
    const req = new NextRequest(`${ORIGIN}/api/assistants/${assistant.id}/insights/export`, { headers: { host: "localhost:3000", cookie: owner.cookie } });
    const res = await insightsExport.GET(req, { params: Promise.resolve({ id: assistant.id }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="insights-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""資源回收"")"`);
    for (const line of text.slice(1).split("\r\n").filter((l) => l !== "")) expect(line, line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(text).toContain(`/insights/${assistant.id}?conversation=${share.shareId}%2Fg-`);
    // The unanswered question's row names its guest as the screen does, "visitor N", and nothing more.
    const header = text.slice(1).split("\r\n").find((line) => line.startsWith('"清單"'))!;
    expect(header).toBe('"清單","時間","訪客","問題","回覆","說明","對話"');
    const row = text.slice(1).split("\r\n").find((line) => line.includes(OUTSIDE) && line.startsWith('"未能回答'))!;
    expect(row.split('","')[2]).toBe("訪客 1");
  });
});

describe("/api/assistants/{id}/answers: a fix that sticks", () => {
  it("ask, mark down, fix, ask a rewording as a guest, get the fix labelled as the owner's; edit it; delete it", async () => {
    const { owner, assistant, share } = await ownerWithShare();
    const guest = guestOf(share.shareId);
    const before = await guest.ask(OUTSIDE);
    expect(before.content).not.toContain(FIX);
    await guest.rate(before.id, "down", "沒有回答");
    const listed = await readInsights(owner.cookie, assistant.id);
    expect(listed.body.thumbsDown[0].question).toBe(OUTSIDE);

    const written = await writeAnswer(owner.cookie, assistant.id, { question: listed.body.thumbsDown[0].question, answer: FIX });
    expect(written.status).toBe(200);
    const fixed = await guestOf(share.shareId).ask(REWORDED);
    expect(fixed).toMatchObject({ content: FIX, ownerAnswer: true, sources: [] });
    // The owner's own chat with the assistant gets it too, and it counts as answered.
    const own = await call(messages.POST, { method: "POST", path: "/api/messages", cookie: owner.cookie, body: { content: OUTSIDE } });
    expect(own.body.aiMessage).toMatchObject({ content: FIX, ownerAnswer: true });
    expect((await readInsights(owner.cookie, assistant.id)).body.totals.unanswered).toBe(1);
    // A question on another topic still goes to the documents.
    const other = await guest.ask("資源回收是哪幾天？");
    expect(other.ownerAnswer).toBeUndefined();

    const id = written.body.id;
    const listedAnswers = await call(answers.GET, { path: `/api/assistants/${assistant.id}/answers`, params: { id: assistant.id }, cookie: owner.cookie });
    expect(listedAnswers.body).toEqual([expect.objectContaining({ id, question: OUTSIDE, answer: FIX })]);
    const edited = await call(answer.PUT, { method: "PUT", path: `/api/assistants/${assistant.id}/answers/${id}`, params: { id: assistant.id, answerId: id }, body: { question: OUTSIDE, answer: "液態氫與液態氧。" }, cookie: owner.cookie });
    expect(edited.status).toBe(200);
    expect((await guestOf(share.shareId).ask(REWORDED)).content).toBe("液態氫與液態氧。");

    expect((await call(answer.DELETE, { method: "DELETE", path: `/api/assistants/${assistant.id}/answers/${id}`, params: { id: assistant.id, answerId: id }, cookie: owner.cookie })).status).toBe(200);
    const after = await guestOf(share.shareId).ask(REWORDED);
    expect(after.ownerAnswer).toBeUndefined();
    expect(after.content).not.toContain("液態氫");
  });

  it("only the owner writes them: others get 404, bad input a translated refusal, and nothing changes", async () => {
    const { owner, assistant } = await ownerWithShare();
    const other = await seedUser({ role: "admin" });
    expect((await writeAnswer(other.cookie, assistant.id, { question: OUTSIDE, answer: FIX })).status).toBe(404);
    const empty = await writeAnswer(owner.cookie, assistant.id, { question: OUTSIDE, answer: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([expect.objectContaining({ path: "answer", message: "validation.curatedAnswerRequired" })]);
    const written = await writeAnswer(owner.cookie, assistant.id, { question: OUTSIDE, answer: FIX });
    const id = written.body.id;
    expect((await call(answer.DELETE, { method: "DELETE", path: `/api/assistants/${assistant.id}/answers/${id}`, params: { id: assistant.id, answerId: id }, cookie: other.cookie })).status).toBe(404);
    const stillThere = await call(answers.GET, { path: `/api/assistants/${assistant.id}/answers`, params: { id: assistant.id }, cookie: owner.cookie });
    expect(stillThere.body).toHaveLength(1);
  });
});

describe("PUT /api/assistants/{id}/retention and the daily job", () => {
  it("deletes the assistant's conversations older than the owner keeps them, its own chat and its shares', and the insights follow", async () => {
    const { owner, assistant, share } = await ownerWithShare();
    const other = await ownerWithShare();
    const old = new Date(Date.now() - 40 * 86_400_000);
    const recent = new Date(Date.now() - 5 * 86_400_000);
    const guest = await createGuestSession(share.id);
    const otherGuest = await createGuestSession(other.share.id);
    const place = { sharedAssistantId: share.id, guestUserId: guest, sessionId: "s" };
    await insertExchange({ ...place, role: "user", content: "舊問題", createdAt: old }, { ...place, role: "assistant", content: "舊回覆", createdAt: old });
    await insertExchange({ ...place, role: "user", content: "新問題", createdAt: recent }, { ...place, role: "assistant", content: "新回覆", createdAt: recent });
    const own = { ownerId: owner.user.id, assistantId: assistant.id };
    await insertExchange({ ...own, role: "user", content: "自己的舊問題", createdAt: old }, { ...own, role: "assistant", content: "舊回覆", createdAt: old });
    const elsewhere = { sharedAssistantId: other.share.id, guestUserId: otherGuest, sessionId: "s" };
    await insertExchange({ ...elsewhere, role: "user", content: "別人的舊問題", createdAt: old }, { ...elsewhere, role: "assistant", content: "舊回覆", createdAt: old });

    const bad = await call(retention.PUT, { method: "PUT", path: `/api/assistants/${assistant.id}/retention`, params: { id: assistant.id }, body: { days: 0 }, cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ message: "validation.retentionDays" })]);
    expect((await call(retention.PUT, { method: "PUT", path: `/api/assistants/${assistant.id}/retention`, params: { id: assistant.id }, body: { days: 30 }, cookie: other.owner.cookie })).status).toBe(404);
    const set = await call(retention.PUT, { method: "PUT", path: `/api/assistants/${assistant.id}/retention`, params: { id: assistant.id }, body: { days: 30 }, cookie: owner.cookie });
    expect(set.body).toEqual({ retentionDays: 30 });

    const before = (await readInsights(owner.cookie, assistant.id, "?range=90d")).body;
    expect(before.totals.messages).toBe(6);
    expect(before.assistant.retentionDays).toBe(30);
    expect(await deleteExpiredConversations()).toBe(4);
    const after = (await readInsights(owner.cookie, assistant.id, "?range=90d")).body;
    expect(after.totals.messages).toBe(2);
    expect(after.topQuestions.map((q: { question: string }) => q.question)).toEqual(["新問題"]);
    // Another owner's assistant keeps everything (it has no setting).
    expect((await readInsights(other.owner.cookie, other.assistant.id, "?range=90d")).body.totals.messages).toBe(2);
  });
});
