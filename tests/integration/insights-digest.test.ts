import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import * as settingsRoute from "@/app/api/email/settings/route";
import * as unsubscribeRoute from "@/app/api/email/unsubscribe/route";
import * as resubscribeRoute from "@/app/api/email/resubscribe/route";
import * as preferencesRoute from "@/app/api/user/email-preferences/route";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import * as shareRating from "@/app/api/shared-assistants/[id]/messages/[messageId]/rating/route";
import { getDb } from "@/lib/server/db/client";
import { jobs, messages, users } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { scheduleDaily } from "@/lib/server/jobs/daily";
import { drainJobs } from "@/lib/server/jobs/runner";
import { closeTransport } from "@/lib/server/mail/transport";
import { isSubscribed, wantsInsightsDigest } from "@/lib/server/queries/email-preferences";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { createShare } from "@/lib/server/queries/shared-assistants";
import { GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { INSIGHTS_DIGEST_JOB, lastFullWeek, queueInsightsDigest } from "@/lib/server/use-cases/insights-digest";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { call, seedUser } from "../support/http";
import { rawHeader, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// The weekly insights digest, through the real job runner to a real SMTP server on loopback: who
// gets it, what it says, that it goes once a week however often (and wherever) its jobs run, and
// that its own link stops it.

const WASTE = ["臺北市垃圾清運公告", "垃圾車每週一、三、五晚上七點收運一般垃圾。", "資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。"].join("\n\n");
const KNOWN = "資源回收是哪幾天？";
const OUTSIDE = "太空梭的燃料是什麼成分？";
const DAY_MS = 24 * 60 * 60 * 1000;

let smtp: TestSmtpServer;
let ipSeq = 0;
const freshIp = () => `100.93.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const newSession = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;

async function drainAll() {
  for (let i = 0; i < 20; i++) if ((await drainJobs()) === 0) return;
}

async function ownerWithShare(locale?: "en" | "zh-TW") {
  const owner = await seedUser({ role: "admin" });
  if (locale) await (await getDb()).update(users).set({ locale }).where(eq(users.id, owner.user.id));
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
    async ask(message: string): Promise<{ id: string }> {
      const res = await call(shareMessages.POST, { method: "POST", path: `/api/shared-assistants/${shareId}/messages`, params: { id: shareId }, body: { message, sessionId }, cookie, headers: { "x-client-ip": freshIp() } });
      expect(res.status).toBe(200);
      cookie ??= res.setCookies.find((c) => c.startsWith(`${GUEST_KEY_COOKIE}=`))!.split(";")[0];
      return res.body.aiMessage;
    },
    async rate(messageId: string, comment: string) {
      const res = await call(shareRating.PUT, { method: "PUT", path: `/api/shared-assistants/${shareId}/messages/${messageId}/rating`, params: { id: shareId, messageId }, body: { rating: "down", comment, sessionId }, cookie, headers: { "x-client-ip": freshIp() } });
      expect(res.status).toBe(200);
    },
  };
}

/** Moves a share's conversations (and their votes) a week back: into the last full week. */
async function intoLastWeek(sharedAssistantId: string) {
  const db = await getDb();
  await db
    .update(messages)
    .set({ createdAt: sql`${messages.createdAt} - interval '7 days'`, ratedAt: sql`${messages.ratedAt} - interval '7 days'` })
    .where(eq(messages.sharedAssistantId, sharedAssistantId));
}

/** The daily job runs now (as on any instance whose turn it is), and everything it queues after it. */
async function runDailyDigest() {
  const db = await getDb();
  await scheduleDaily(INSIGHTS_DIGEST_JOB, new Date());
  await db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.type, INSIGHTS_DIGEST_JOB), eq(jobs.status, "queued")));
  await drainAll();
}

beforeAll(async () => {
  registerJobs();
  const admin = await seedUser({ role: "admin" });
  smtp = await startSmtpServer();
  const saved = await call(settingsRoute.PUT, {
    method: "PUT",
    cookie: admin.cookie,
    body: { host: "127.0.0.1", port: smtp.port, security: "opportunistic", username: null, password: null, from: "news@example.com", allowPrivateNetwork: true },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  closeTransport();
  await smtp.close();
});

describe("the weekly insights digest", () => {
  it("the last full week is Monday to Sunday in the product's days", () => {
    // Monday 2026-12-07 01:00 in Taipei is still Sunday in UTC.
    expect(lastFullWeek(new Date("2026-12-06T17:00:00Z"))).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(lastFullWeek(new Date("2026-12-06T15:59:00Z"))).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(lastFullWeek(new Date("2026-12-13T15:00:00Z"))).toEqual({ from: "2026-11-30", to: "2026-12-06" });
  });

  it("goes once to the owner with unanswered and thumbs-down questions, in their language, listing them with links to the insights; never to an owner with nothing new; its link stops it", async () => {
    const a = await ownerWithShare("en");
    const guest = guestOf(a.share.shareId);
    const known = await guest.ask(KNOWN);
    const outside = await guest.ask(OUTSIDE);
    const signal = async (id: string) => (await (await getDb()).select({ s: messages.answerSignal }).from(messages).where(eq(messages.id, id)))[0]?.s;
    expect(await signal(outside.id)).toBe("not_answered");
    expect(await signal(known.id)).toBe("answered");
    await guest.rate(known.id, "沒有說到週六 [點我](https://evil.example/x)");
    await intoLastWeek(a.share.id);

    // An owner whose visitors were answered last week, and whose unanswered question is older.
    const b = await ownerWithShare();
    const oldGuest = guestOf(b.share.shareId);
    await oldGuest.ask(OUTSIDE);
    await intoLastWeek(b.share.id);
    await intoLastWeek(b.share.id);
    await guestOf(b.share.shareId).ask(KNOWN);
    await intoLastWeek(b.share.id);
    const bOld = await (await getDb()).select().from(messages).where(and(eq(messages.sharedAssistantId, b.share.id), eq(messages.answerSignal, "not_answered")));
    expect(bOld).toHaveLength(1);

    // Two instances run the day's job, and it runs again the next day: one message.
    await Promise.all([runDailyDigest(), runDailyDigest()]);
    await runDailyDigest();
    expect(smtp.countFor(a.owner.email)).toBe(1);
    expect(smtp.countFor(b.owner.email)).toBe(0);
    const week = lastFullWeek(new Date());
    expect(await (await getDb()).select().from(jobs).where(eq(jobs.dedupeKey, `insights-digest:${week.from}:${b.owner.user.id}`))).toHaveLength(0);

    const mail = await smtp.lastTo(a.owner.email);
    expect(mail.subject).toBe("AI Document Assistant weekly insights: 2 questions need a look");
    const text = mail.text ?? "";
    expect(text).toContain(`from ${week.from} to ${week.to}`);
    expect(text).toContain(`Not answered: ${OUTSIDE}`);
    expect(text).toContain(`Thumbs-down: ${KNOWN}`);
    expect(text).toContain("沒有說到週六");
    const insightsLink = `http://localhost:3000/insights/${a.assistant.id}`;
    expect(text).toContain(insightsLink);
    const html = String(mail.html);
    expect(html).toContain(`href="${insightsLink}"`);
    // A visitor's words are shown as typed, never as a link in the owner's mail.
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toContain("[點我](https://evil.example/x)");

    // The stop link: one click (RFC 8058) from the header, for this list only.
    const oneClick = new URL(/^<(.+)>$/.exec(rawHeader(mail, "list-unsubscribe")!)![1]);
    expect(oneClick.searchParams.get("topic")).toBe("digest");
    expect(rawHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const pageLink = new URL(/(http:\/\/localhost:3000\/unsubscribe\?token=\S+)/.exec(text)![1]);
    expect(pageLink.searchParams.get("topic")).toBe("digest");
    const opened = await call(unsubscribeRoute.GET, { path: `${oneClick.pathname}${oneClick.search}` });
    expect(opened.status).toBe(303);
    expect(new URL(opened.headers.get("location")!).searchParams.get("topic")).toBe("digest");
    // The digest's token is not a campaign's: without its topic it changes nothing.
    const asCampaign = await call(unsubscribeRoute.POST, { method: "POST", path: `/api/email/unsubscribe?token=${encodeURIComponent(oneClick.searchParams.get("token")!)}` });
    expect(asCampaign.status).toBe(404);
    expect(await wantsInsightsDigest(a.owner.user.id)).toBe(true);
    const stopped = await call(unsubscribeRoute.POST, {
      method: "POST",
      path: `${oneClick.pathname}${oneClick.search}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" },
    });
    expect(stopped.status).toBe(200);
    expect(await wantsInsightsDigest(a.owner.user.id)).toBe(false);
    expect(await isSubscribed(a.owner.user.id)).toBe(true);
    expect((await call(preferencesRoute.GET, { cookie: a.owner.cookie })).body).toEqual({ campaigns: true, insightsDigest: false });

    // The next week: the stopped owner gets nothing, another owner (in zh-TW) does.
    const c = await ownerWithShare();
    await guestOf(c.share.shareId).ask(OUTSIDE);
    await guestOf(a.share.shareId).ask(OUTSIDE);
    await queueInsightsDigest(new Date(Date.now() + 7 * DAY_MS));
    await drainAll();
    expect(smtp.countFor(a.owner.email)).toBe(1);
    expect(smtp.countFor(c.owner.email)).toBe(1);
    const zh = await smtp.lastTo(c.owner.email);
    expect(zh.subject).toContain("每週洞察：1 個問題需要您看看");
    expect(zh.text).toContain(`沒有答案：${OUTSIDE}`);
    expect(zh.text).toContain(`http://localhost:3000/insights/${c.assistant.id}`);

    // The page's undo (same token) and /account turn it on again.
    expect((await call(resubscribeRoute.POST, { method: "POST", body: { token: pageLink.searchParams.get("token"), topic: "digest" } })).status).toBe(200);
    expect(await wantsInsightsDigest(a.owner.user.id)).toBe(true);
    expect((await call(preferencesRoute.PUT, { method: "PUT", cookie: a.owner.cookie, body: { insightsDigest: false } })).body).toEqual({ campaigns: true, insightsDigest: false });
    expect((await call(preferencesRoute.PUT, { method: "PUT", cookie: a.owner.cookie, body: {} })).status).toBe(400);
  });
});
