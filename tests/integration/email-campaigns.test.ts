import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import * as campaignsRoute from "@/app/api/email/campaigns/route";
import * as campaignRoute from "@/app/api/email/campaigns/[id]/route";
import * as sendRoute from "@/app/api/email/campaigns/[id]/send/route";
import * as actionsRoute from "@/app/api/email/campaigns/[id]/actions/route";
import * as recipientsRoute from "@/app/api/email/campaigns/[id]/recipients/route";
import * as settingsRoute from "@/app/api/email/settings/route";
import { getDatabase, getDb } from "@/lib/server/db/client";
import { emailCampaigns, emailRecipients, jobs, users } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { closeTransport } from "@/lib/server/mail/transport";
import { claimRecipients, expireClaimsOfStoppedProcess, markSent } from "@/lib/server/queries/email-recipients";
import { campaignMailer } from "@/lib/server/mail/campaign-mail";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { sendRawMail } from "@/lib/server/mail/transport";
import { findCampaign } from "@/lib/server/queries/email-campaigns";
import { EMAIL_MAX_ATTEMPTS } from "@/lib/constants";
import { call, seedUser } from "../support/http";
import { rawHeader, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// Campaigns through the real route handlers and job runner, to a real SMTP server on loopback.

type Seeded = Awaited<ReturnType<typeof seedUser>>;
let admin: Seeded;
let smtp: TestSmtpServer;

async function useMailServer(server: TestSmtpServer) {
  const res = await call(settingsRoute.PUT, {
    method: "PUT",
    cookie: admin.cookie,
    body: { host: "127.0.0.1", port: server.port, security: "opportunistic", username: null, from: "news@example.com", allowPrivateNetwork: true },
  });
  expect(res.status).toBe(200);
}

async function seedRecipients(prefix: string, n: number, extra: Partial<typeof users.$inferInsert> = {}) {
  const db = await getDb();
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `${prefix}-${i}@example.com`,
    displayName: `${prefix} ${i}`,
    referralCode: `${prefix}-${i}-${Date.now()}`.toUpperCase().slice(-24),
    ...extra,
  }));
  await db.insert(users).values(rows);
  return rows.map((r) => r.email);
}

/** Restricts the audience to this test's users: signed up within a day and with the given role. */
async function createCampaign(body: Record<string, unknown>) {
  const res = await call(campaignsRoute.POST, { method: "POST", cookie: admin.cookie, body });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function startNow(id: string) {
  return call(sendRoute.POST, { method: "POST", cookie: admin.cookie, body: {}, params: { id } });
}

async function recipientsOf(id: string) {
  const db = await getDb();
  return db.select().from(emailRecipients).where(eq(emailRecipients.campaignId, id)).orderBy(emailRecipients.id);
}

/** Runs the job runner until nothing is due (bounded). */
async function drainAll() {
  for (let i = 0; i < 20; i++) if ((await drainJobs()) === 0) return;
}

/** Makes every retry and every job of the campaign due now. */
async function makeDue(campaignId: string) {
  const db = await getDb();
  await db.update(emailRecipients).set({ nextAttemptAt: sql`now()` }).where(eq(emailRecipients.campaignId, campaignId));
  await db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.status, "queued"), sql`${jobs.payload}->>'campaignId' = ${campaignId}`));
}

// Every test's audience: a role nobody else has in this file's database would be simplest, but
// roles are fixed; the users of each test are "manager"s made just before, and each campaign
// targets managers signed up within the day, after the previous test's managers were disabled.
async function isolate() {
  const db = await getDb();
  await db.update(users).set({ disabled: true }).where(eq(users.role, "manager"));
}
const MANAGERS = { plan: null, role: "manager", signedUpWithinDays: 1, inactiveForDays: null };

beforeAll(async () => {
  registerJobs();
  admin = await seedUser({ role: "admin" });
  smtp = await startSmtpServer();
  await useMailServer(smtp);
});

afterAll(async () => {
  closeTransport();
  await smtp.close();
});

beforeEach(async () => {
  smtp.onRcpt = () => ({ accept: true });
  smtp.afterData = () => undefined;
  await isolate();
});

describe("POST /api/email/campaigns/{id}/send", () => {
  it("sends every recipient one message with a plain-text and a sanitised HTML part, the product as sender, and one-click unsubscribe headers", async () => {
    const emails = await seedRecipients("parts", 3, { role: "manager" });
    const id = await createCampaign({
      subject: "新功能上線",
      bodyMarkdown: "# 標題\n\n**重要**：請看 [說明](https://example.com/guide)。\n\n<script>alert(1)</script>\n\n[壞連結](javascript:alert(1))",
      audience: MANAGERS,
      ratePerMinute: 0,
    });
    const started = await startNow(id);
    expect(started.status).toBe(200);
    expect(started.body.total).toBe(3);
    await drainAll();

    for (const email of emails) expect(smtp.countFor(email)).toBe(1);
    const mail = await smtp.lastTo(emails[0]);
    expect(mail.subject).toBe("新功能上線");
    expect(mail.from?.value[0]).toEqual({ name: "AI 文件助理", address: "news@example.com" });
    expect(mail.text).toContain("重要：請看 說明 (https://example.com/guide)。");
    expect(mail.text).toContain("<script>alert(1)</script>");
    const html = String(mail.html);
    expect(html).toContain("<strong>重要</strong>");
    expect(html).toContain('href="https://example.com/guide"');
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("prefers-color-scheme: dark");
    expect(rawHeader(mail, "list-unsubscribe")).toMatch(/^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[^>]+>$/);
    expect(rawHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/unsubscribe\?token=\S+/);
    expect(mail.messageId).toMatch(new RegExp(`^<${id}\\.\\d+@localhost>$`));

    const campaign = await findCampaign(id);
    expect(campaign?.status).toBe("done");
    expect((await recipientsOf(id)).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("writes the recipients when sending starts: people who sign up later are not added", async () => {
    await seedRecipients("fixed", 2, { role: "manager" });
    const id = await createCampaign({ subject: "固定名單", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    expect((await startNow(id)).body.total).toBe(2);
    const late = await seedRecipients("late", 1, { role: "manager" });
    await drainAll();
    expect(smtp.countFor(late[0])).toBe(0);
    expect(await recipientsOf(id)).toHaveLength(2);
  });

  it("retries a 4xx reply after a back-off and then sends once; fails a 5xx at once with the server's reply", async () => {
    const [soft, hard, fine] = await seedRecipients("codes", 3, { role: "manager" });
    let softRefusals = 0;
    smtp.onRcpt = (address) => {
      if (address === soft && softRefusals++ === 0) return { code: 451, message: "4.7.1 Try again later" };
      if (address === hard) return { code: 550, message: "5.1.1 No such user here" };
      return { accept: true };
    };
    const id = await createCampaign({ subject: "回覆碼", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(id);
    await drainAll();

    let rows = await recipientsOf(id);
    const bySoft = rows.find((r) => r.email === soft)!;
    expect(bySoft).toMatchObject({ status: "queued", attempts: 1 });
    expect(bySoft.error).toContain("451");
    expect(bySoft.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(rows.find((r) => r.email === hard)).toMatchObject({ status: "failed", attempts: 1 });
    expect(rows.find((r) => r.email === hard)!.error).toContain("550 5.1.1 No such user here");
    expect((await findCampaign(id))?.status).toBe("sending");

    await makeDue(id);
    await drainAll();
    rows = await recipientsOf(id);
    expect(rows.find((r) => r.email === soft)).toMatchObject({ status: "sent", attempts: 2, error: null });
    expect(smtp.countFor(soft)).toBe(1);
    expect(smtp.countFor(fine)).toBe(1);
    expect(smtp.countFor(hard)).toBe(0);
    expect(smtp.rcptLog.filter((r) => r.address === hard)).toHaveLength(1);
    expect((await findCampaign(id))?.status).toBe("done");
  });

  it("retries a server that refuses connections a bounded number of times, then fails with the reason", async () => {
    const [email] = await seedRecipients("down", 1, { role: "manager" });
    const down = await startSmtpServer();
    await down.close();
    await useMailServer(down);
    try {
      const id = await createCampaign({ subject: "伺服器停機", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
      await startNow(id);
      for (let attempt = 1; attempt <= EMAIL_MAX_ATTEMPTS + 1; attempt++) {
        await drainAll();
        await makeDue(id);
      }
      const [row] = await recipientsOf(id);
      expect(row).toMatchObject({ email, status: "failed", attempts: EMAIL_MAX_ATTEMPTS });
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      expect((await findCampaign(id))?.status).toBe("done");
    } finally {
      await useMailServer(smtp);
    }
  });

  it("refuses to start without a mail server, saying what to set", async () => {
    await seedRecipients("nomail", 1, { role: "manager" });
    expect((await call(settingsRoute.DELETE, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    try {
      expect((await getMailSetup()).server).toBeNull();
      const id = await createCampaign({ subject: "沒有伺服器", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
      const res = await startNow(id);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain("SMTP_URL");
      const en = await call(sendRoute.POST, { method: "POST", cookie: `${admin.cookie}; NEXT_LOCALE=en`, body: {}, params: { id } });
      expect(en.body.error.message).toContain("Set SMTP_URL and MAIL_FROM");
      expect((await findCampaign(id))?.status).toBe("draft");
    } finally {
      await useMailServer(smtp);
    }
  });

  it("skips unsubscribed users, including one who unsubscribes after the campaign started", async () => {
    const [before, during, stays] = await seedRecipients("unsub", 3, { role: "manager" });
    const db = await getDb();
    await db.update(users).set({ emailUnsubscribedAt: new Date() }).where(eq(users.email, before));
    const id = await createCampaign({ subject: "退訂", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(id);
    await db.update(users).set({ emailUnsubscribedAt: new Date() }).where(eq(users.email, during));
    await drainAll();
    const rows = (await recipientsOf(id)).sort((a, b) => a.email.localeCompare(b.email));
    expect(rows.map((r) => [r.email, r.status, r.error])).toEqual([
      [before, "skipped", "unsubscribed"],
      [during, "skipped", "unsubscribed"],
      [stays, "sent", null],
    ]);
    expect(smtp.countFor(before) + smtp.countFor(during)).toBe(0);
  });
});

describe("POST /api/email/campaigns/{id}/actions", () => {
  it("pauses mid-campaign and resumes, every recipient sent exactly once", async () => {
    const emails = await seedRecipients("pause", 300, { role: "manager" });
    const id = await createCampaign({ subject: "暫停", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(id);
    let paused = false;
    smtp.afterData = async () => {
      if (!paused && smtp.messages.length >= 30) {
        paused = true;
        const res = await call(actionsRoute.POST, { method: "POST", cookie: admin.cookie, body: { action: "pause" }, params: { id } });
        expect(res.status).toBe(200);
      }
    };
    await drainAll();
    const sentWhilePausing = (await recipientsOf(id)).filter((r) => r.status === "sent").length;
    expect((await findCampaign(id))?.status).toBe("paused");
    // The batch in hand finishes; nothing after it starts.
    expect(sentWhilePausing).toBeGreaterThanOrEqual(30);
    expect(sentWhilePausing).toBeLessThan(300);
    await drainAll();
    expect((await recipientsOf(id)).filter((r) => r.status === "sent")).toHaveLength(sentWhilePausing);

    expect((await call(actionsRoute.POST, { method: "POST", cookie: admin.cookie, body: { action: "resume" }, params: { id } })).status).toBe(200);
    await drainAll();
    expect((await findCampaign(id))?.status).toBe("done");
    for (const email of emails) expect(smtp.countFor(email)).toBe(1);
  });

  it("cancels: the rest is never sent; retry failed sends the failed ones again", async () => {
    const [bad, ...rest] = await seedRecipients("retry", 3, { role: "manager" });
    let refuse = true;
    smtp.onRcpt = (address) => (address === bad && refuse ? { code: 554, message: "5.7.1 Rejected for now" } : { accept: true });
    const id = await createCampaign({ subject: "重試", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(id);
    await drainAll();
    expect((await findCampaign(id))?.status).toBe("done");
    expect((await recipientsOf(id)).find((r) => r.email === bad)?.status).toBe("failed");

    refuse = false;
    const retried = await call(actionsRoute.POST, { method: "POST", cookie: admin.cookie, body: { action: "retryFailed" }, params: { id } });
    expect(retried.body).toEqual({ requeued: 1 });
    await drainAll();
    expect(smtp.countFor(bad)).toBe(1);
    for (const email of rest) expect(smtp.countFor(email)).toBe(1);
    expect((await findCampaign(id))?.status).toBe("done");

    await isolate();
    const others = await seedRecipients("cancel", 5, { role: "manager" });
    const second = await createCampaign({ subject: "取消", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(second);
    expect((await call(actionsRoute.POST, { method: "POST", cookie: admin.cookie, body: { action: "cancel" }, params: { id: second } })).status).toBe(200);
    await drainAll();
    for (const email of others) expect(smtp.countFor(email)).toBe(0);
    expect((await findCampaign(second))?.status).toBe("cancelled");
    const wrong = await call(actionsRoute.POST, { method: "POST", cookie: admin.cookie, body: { action: "resume" }, params: { id: second } });
    expect(wrong.status).toBe(409);
  });

  it("lists recipients filtered by status with the server's reply", async () => {
    const [bad] = await seedRecipients("list", 4, { role: "manager" });
    smtp.onRcpt = (address) => (address === bad ? { code: 550, message: "5.1.1 Unknown mailbox" } : { accept: true });
    const id = await createCampaign({ subject: "名單", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(id);
    await drainAll();
    const failed = await call(recipientsRoute.GET, { cookie: admin.cookie, path: `/api/email/campaigns/${id}/recipients?status=failed`, params: { id } });
    expect(failed.body.total).toBe(1);
    expect(failed.body.recipients[0]).toMatchObject({ email: bad, status: "failed", attempts: 1 });
    expect(failed.body.recipients[0].error).toContain("Unknown mailbox");
    const all = await call(recipientsRoute.GET, { cookie: admin.cookie, path: `/api/email/campaigns/${id}/recipients`, params: { id } });
    expect(all.body.total).toBe(4);
    const progress = await call(campaignRoute.GET, { cookie: admin.cookie, params: { id } });
    expect(progress.body.progress.counts).toEqual({ queued: 0, sending: 0, sent: 3, failed: 1, skipped: 0 });
  });
});

describe("claims", () => {
  it("two senders working the same campaign at once never send anyone twice, and skip nobody", async () => {
    const emails = await seedRecipients("twice", 200, { role: "manager" });
    const id = await createCampaign({ subject: "兩個寄件者", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(id);
    const { sendCampaignBatch } = await import("@/lib/server/use-cases/send-campaign-batch");
    // "At once" for sure, whichever claims first: each sender holds its first claim (a batch of
    // 100) unsent until the other has one too. a sends once b is sending, b once a has claimed (or
    // 10 s have passed), so neither can take the whole campaign before the other's first claim on a
    // busy machine. (CI run 20 saw b claim everything first when only a waited.)
    const bounded = (event: Promise<void>) => Promise.race([event, new Promise<void>((resolve) => setTimeout(resolve, 10_000))]);
    let aClaimed = () => {};
    const aHasClaimed = new Promise<void>((resolve) => (aClaimed = resolve));
    let bSending = () => {};
    const bStarted = new Promise<void>((resolve) => (bSending = resolve));
    const deliverA: typeof sendRawMail = async (server, mail) => {
      aClaimed();
      await bounded(bStarted);
      return sendRawMail(server, mail);
    };
    const deliverB: typeof sendRawMail = async (server, mail) => {
      await bounded(aHasClaimed);
      bSending();
      return sendRawMail(server, mail);
    };
    await Promise.all([sendCampaignBatch({ campaignId: id, worker: "a", deliver: deliverA }), sendCampaignBatch({ campaignId: id, worker: "b", deliver: deliverB })]);
    await drainAll();
    for (const email of emails) expect(smtp.countFor(email)).toBe(1);
    const rows = await recipientsOf(id);
    const senders = new Set(rows.map((r) => r.claimedBy!.split("/")[0]));
    expect(senders).toEqual(new Set(["a", "b"]));
  });

  it("a crash between the server's reply and the status write sends that one recipient again: at-least-once, same Message-ID", async () => {
    const emails = await seedRecipients("window", 5, { role: "manager" });
    const id = await createCampaign({ subject: "當機窗口", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(id);

    // A sender claims the first recipient, the server accepts the message, and the sender dies
    // before writing "sent": its claim stays until its lease runs out.
    const [claimed] = await claimRecipients({ campaignId: id, claimer: "dies", limit: 1, leaseMs: 60_000 });
    const campaign = (await findCampaign(id))!;
    const server = (await getMailSetup()).server!;
    const message = await campaignMailer(campaign, server.from)({ id: claimed.id, userId: claimed.userId!, email: claimed.email, locale: claimed.locale });
    await sendRawMail(server, message);
    expect(smtp.countFor(claimed.email)).toBe(1);

    // While the lease holds, nobody else touches that recipient.
    await drainAll();
    expect(smtp.countFor(claimed.email)).toBe(1);
    expect((await recipientsOf(id)).find((r) => r.id === claimed.id)?.status).toBe("sending");

    const db = await getDb();
    await db.update(emailRecipients).set({ claimExpiresAt: sql`now() - interval '1 second'` }).where(eq(emailRecipients.id, claimed.id));
    await makeDue(id);
    await drainAll();

    expect(smtp.countFor(claimed.email)).toBe(2);
    const copies = smtp.messages.filter((m) => m.to.includes(claimed.email));
    const ids = await Promise.all(copies.map(async (m) => (await smtp.parse(m)).messageId));
    expect(ids[0]).toBe(ids[1]);
    for (const email of emails.filter((e) => e !== claimed.email)) expect(smtp.countFor(email)).toBe(1);
    expect((await recipientsOf(id)).find((r) => r.id === claimed.id)).toMatchObject({ status: "sent", attempts: 2 });
    // The dead sender's late write is refused: the claim is no longer its.
    expect(await markSent([claimed.id], "dies")).toBe(0);
    expect((await findCampaign(id))?.status).toBe("done");
  });

  it("a process starting on the embedded database takes back at once what a stopped one had claimed, never its own claims; on PostgreSQL the leases run out", async () => {
    await seedRecipients("restart", 3, { role: "manager" });
    const id = await createCampaign({ subject: "重新啟動", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(id);
    // The process that died (kill -9) held one recipient; the new one holds another.
    const [dead] = await claimRecipients({ campaignId: id, claimer: "101-dead/lane0", limit: 1, leaseMs: 60_000 });
    const [own] = await claimRecipients({ campaignId: id, claimer: "202-new/lane1", limit: 1, leaseMs: 60_000 });
    const embedded = (await getDatabase()).kind === "pglite";

    expect(await expireClaimsOfStoppedProcess("202-new")).toBe(embedded ? 1 : 0);
    const rows = await recipientsOf(id);
    const endsAt = (rowId: number) => rows.find((r) => r.id === rowId)!.claimExpiresAt!.getTime();
    if (embedded) expect(endsAt(dead.id)).toBeLessThan(Date.now());
    else expect(endsAt(dead.id)).toBeGreaterThan(Date.now());
    expect(endsAt(own.id)).toBeGreaterThan(Date.now());
    if (!embedded) return;

    // The next slice queues the dead process's recipient again and sends it; the live claim waits.
    await makeDue(id);
    await drainAll();
    expect(smtp.countFor(dead.email)).toBe(1);
    expect(smtp.countFor(own.email)).toBe(0);
    expect((await recipientsOf(id)).find((r) => r.id === dead.id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("throttle", () => {
  it("hands at most the set number of messages to the server in any minute, and keeps to that pace", async () => {
    await seedRecipients("throttle", 150, { role: "manager" });
    const id = await createCampaign({ subject: "限速", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 60 });
    await startNow(id);
    const { sendCampaignBatch } = await import("@/lib/server/use-cases/send-campaign-batch");
    // A clock of its own: sleeping moves it on, so minutes pass without waiting for them.
    let now = Date.UTC(2030, 0, 1, 12, 0, 0);
    const startedAt = now;
    const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
    const sentAt: number[] = [];
    const deliver: typeof sendRawMail = async (server, mail) => {
      sentAt.push(now);
      return sendRawMail(server, mail);
    };
    for (let slice = 0; slice < 200 && sentAt.length < 150; slice++) {
      const next = await sendCampaignBatch({ campaignId: id, worker: "throttled", clock, deliver });
      if (next.runAgainAt) now = Math.max(now, next.runAgainAt.getTime());
    }
    expect(sentAt).toHaveLength(150);
    const perMinute = new Map<number, number>();
    for (const t of sentAt) perMinute.set(Math.floor((t - startedAt) / 60_000), (perMinute.get(Math.floor((t - startedAt) / 60_000)) ?? 0) + 1);
    expect([...perMinute.values()]).toEqual([60, 60, 30]);
    // In any 60 seconds, never more than 60: the 61st message is a full minute after the 1st.
    for (let i = 60; i < sentAt.length; i++) expect(sentAt[i] - sentAt[i - 60]).toBeGreaterThanOrEqual(60_000);
    expect((await findCampaign(id))?.status).toBe("done");
  });
});

describe("throttle across senders", () => {
  it("hands out one cursor's slots: senders reserving at once get consecutive windows that never overlap", async () => {
    const id = await createCampaign({ subject: "共用游標", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 120 });
    const { reserveSendSlots } = await import("@/lib/server/queries/email-campaigns");
    const now = Date.UTC(2030, 0, 1);
    const spacing = 500;
    // Twelve senders (on PostgreSQL, separate connections) each reserve five slots at once.
    const firsts = await Promise.all(Array.from({ length: 12 }, () => reserveSendSlots(id, 5, spacing, now)));
    const windows = firsts.sort((a, b) => a - b);
    expect(windows).toEqual(Array.from({ length: 12 }, (_, i) => now + i * 5 * spacing));
    // Idle since: the next reservation starts from its own now, with no burst saved up.
    expect(await reserveSendSlots(id, 1, spacing, now + 3_600_000)).toBe(now + 3_600_000);
  });
});

describe("PUT /api/email/campaigns/{id}", () => {
  it("saves drafts as typed, answers validation errors in the user's language, and refuses changes once sent", async () => {
    const id = await createCampaign({});
    const draft = { subject: "草稿", bodyMarkdown: "# 你好", audience: { plan: "trial", role: null, signedUpWithinDays: null, inactiveForDays: 30 }, ratePerMinute: 120 };
    const saved = await call(campaignRoute.PUT, { method: "PUT", cookie: admin.cookie, body: draft, params: { id } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(draft);
    const tooLong = await call(campaignRoute.PUT, { method: "PUT", cookie: admin.cookie, body: { ...draft, subject: "x".repeat(201) }, params: { id } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details[0]).toMatchObject({ path: "subject", message: "email.validation.subjectTooLong" });
    const header = await call(campaignRoute.PUT, { method: "PUT", cookie: admin.cookie, body: { ...draft, subject: "a\r\nBcc: x@example.com" }, params: { id } });
    expect(header.status).toBe(400);

    const empty = await createCampaign({ subject: "", bodyMarkdown: "" });
    const refused = await startNow(empty);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((d: { message: string }) => d.message).sort()).toEqual(["email.validation.bodyRequired", "email.validation.subjectRequired"]);

    await seedRecipients("sent-draft", 1, { role: "manager" });
    const sent = await createCampaign({ subject: "已寄出", bodyMarkdown: "內容", audience: MANAGERS, ratePerMinute: 0 });
    await startNow(sent);
    const late = await call(campaignRoute.PUT, { method: "PUT", cookie: admin.cookie, body: draft, params: { id: sent } });
    expect(late.status).toBe(409);
    await drainAll();
    const db = await getDb();
    const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, sent));
    expect(row.subject).toBe("已寄出");
  });
});
