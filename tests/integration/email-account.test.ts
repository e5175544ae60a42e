import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, ne, sql } from "drizzle-orm";
import * as settingsRoute from "@/app/api/email/settings/route";
import * as settingsTestRoute from "@/app/api/email/settings/test/route";
import * as welcomeRoute from "@/app/api/email/settings/welcome/route";
import * as audienceRoute from "@/app/api/email/audience-count/route";
import * as campaignsRoute from "@/app/api/email/campaigns/route";
import * as sendRoute from "@/app/api/email/campaigns/[id]/send/route";
import * as actionsRoute from "@/app/api/email/campaigns/[id]/actions/route";
import * as duplicateRoute from "@/app/api/email/campaigns/[id]/duplicate/route";
import * as testSendRoute from "@/app/api/email/campaigns/[id]/test/route";
import * as unsubscribeRoute from "@/app/api/email/unsubscribe/route";
import * as resubscribeRoute from "@/app/api/email/resubscribe/route";
import * as preferencesRoute from "@/app/api/user/email-preferences/route";
import * as resetRoute from "@/app/api/password-reset/route";
import * as resetConfirmRoute from "@/app/api/password-reset/confirm/route";
import * as registerRoute from "@/app/api/register/route";
import * as loginRoute from "@/app/api/login/route";
import { getDb } from "@/lib/server/db/client";
import { appSettings, emailRecipients, jobs, passwordResetTokens, users } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { parseSmtpUrl } from "@/lib/server/mail/mail-settings";
import { closeTransport } from "@/lib/server/mail/transport";
import { findCampaign } from "@/lib/server/queries/email-campaigns";
import { isSubscribed } from "@/lib/server/queries/email-preferences";
import { findUserByEmail } from "@/lib/server/queries/users";
import { call, seedUser } from "../support/http";
import { rawHeader, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// Unsubscribing, account mail (password reset, welcome), the mail-server settings and audiences,
// through the real handlers and job runner to a real SMTP server on loopback.

type Seeded = Awaited<ReturnType<typeof seedUser>>;
let admin: Seeded;
let smtp: TestSmtpServer;
let ipSeq = 0;
const freshIp = () => `100.70.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function useMailServer(server: TestSmtpServer, auth?: { username: string; password: string }) {
  const res = await call(settingsRoute.PUT, {
    method: "PUT",
    cookie: admin.cookie,
    body: { host: "127.0.0.1", port: server.port, security: "opportunistic", username: auth?.username ?? null, password: auth?.password ?? null, from: "news@example.com", allowPrivateNetwork: true },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function drainAll() {
  for (let i = 0; i < 20; i++) if ((await drainJobs()) === 0) return;
}

/** A campaign to exactly these users (by role "manager", others of that role disabled first). */
async function campaignTo(emails: string[], subject: string) {
  const db = await getDb();
  await db.update(users).set({ disabled: true }).where(eq(users.role, "manager"));
  for (const email of emails) await db.update(users).set({ role: "manager", disabled: false }).where(eq(users.email, email));
  const created = await call(campaignsRoute.POST, {
    method: "POST",
    cookie: admin.cookie,
    body: { subject, bodyMarkdown: "內容", audience: { plan: null, role: "manager", signedUpWithinDays: null, inactiveForDays: null }, ratePerMinute: 0 },
  });
  return created.body.id as string;
}

/** The reset link in the last message to `email`. */
async function resetLink(email: string) {
  const mail = await smtp.lastTo(email);
  const url = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? "");
  expect(url).not.toBeNull();
  return url![1];
}

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

beforeEach(() => {
  smtp.onRcpt = () => ({ accept: true });
});

describe("unsubscribing", () => {
  it("works from the List-Unsubscribe address (one-click POST, another site, no cookies) and from the page's link; every later campaign honours it; /account turns it back on", async () => {
    const u = await seedUser({ role: "manager" });
    const first = await campaignTo([u.email], "第一封");
    await call(sendRoute.POST, { method: "POST", cookie: admin.cookie, body: {}, params: { id: first } });
    await drainAll();
    const mail = await smtp.lastTo(u.email);
    const oneClick = new URL(/^<(.+)>$/.exec(rawHeader(mail, "list-unsubscribe")!)![1]);
    const pageLink = new URL(/(http:\/\/localhost:3000\/unsubscribe\?token=\S+)/.exec(mail.text!)![1]);
    expect(String(mail.html)).toContain(`href="${pageLink.href.replace(/&/g, "&amp;")}"`);

    // The address in the header, opened in a browser, leads to the confirmation page.
    const opened = await call(unsubscribeRoute.GET, { path: `${oneClick.pathname}${oneClick.search}` });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`http://localhost:3000/unsubscribe?token=${encodeURIComponent(oneClick.searchParams.get("token")!)}`);
    expect(await isSubscribed(u.user.id)).toBe(true);

    const posted = await call(unsubscribeRoute.POST, {
      method: "POST",
      path: `${oneClick.pathname}${oneClick.search}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" },
    });
    expect(posted.status).toBe(200);
    expect(await isSubscribed(u.user.id)).toBe(false);
    expect((await call(preferencesRoute.GET, { cookie: u.cookie })).body).toEqual({ campaigns: false, insightsDigest: true });

    const second = await campaignTo([u.email], "第二封");
    await call(sendRoute.POST, { method: "POST", cookie: admin.cookie, body: {}, params: { id: second } });
    await drainAll();
    expect(smtp.countFor(u.email)).toBe(1);
    const db = await getDb();
    const [row] = await db.select().from(emailRecipients).where(eq(emailRecipients.campaignId, second));
    expect(row).toMatchObject({ status: "skipped", error: "unsubscribed" });

    // The page's undo uses the same signed token; /account switches too.
    const again = await call(resubscribeRoute.POST, { method: "POST", body: { token: pageLink.searchParams.get("token") } });
    expect(again.status).toBe(200);
    expect(await isSubscribed(u.user.id)).toBe(true);
    expect((await call(preferencesRoute.PUT, { method: "PUT", cookie: u.cookie, body: { campaigns: false } })).body).toEqual({ campaigns: false, insightsDigest: true });
    expect(await isSubscribed(u.user.id)).toBe(false);
    expect((await call(preferencesRoute.PUT, { method: "PUT", cookie: u.cookie, body: { campaigns: true } })).body).toEqual({ campaigns: true, insightsDigest: true });
    expect(await isSubscribed(u.user.id)).toBe(true);
  });

  it("speaks the recipient's language in the footer", async () => {
    const u = await seedUser({ role: "manager" });
    const db = await getDb();
    await db.update(users).set({ locale: "en" }).where(eq(users.id, u.user.id));
    const id = await campaignTo([u.email], "Hello");
    await call(sendRoute.POST, { method: "POST", cookie: admin.cookie, body: {}, params: { id } });
    await drainAll();
    const mail = await smtp.lastTo(u.email);
    expect(mail.from?.value[0].name).toBe("AI Document Assistant");
    expect(mail.text).toContain("You are receiving this because you have an account at AI Document Assistant.");
    expect(mail.text).toContain("Unsubscribe from these e-mails: http://localhost:3000/unsubscribe?token=");
  });
});

describe("POST /api/email/campaigns/{id}/test and /duplicate", () => {
  it("sends a marked test to one address whose unsubscribe link changes nobody; duplicates into a new draft", async () => {
    const id = await campaignTo([], "新功能");
    const res = await call(testSendRoute.POST, { method: "POST", cookie: admin.cookie, body: { to: "reviewer@example.com" }, params: { id } });
    expect(res.status).toBe(200);
    const mail = await smtp.lastTo("reviewer@example.com");
    expect(mail.subject).toBe("[測試] 新功能");
    const token = /unsubscribe\?token=(\S+)/.exec(mail.text!)![1];
    const unsub = await call(unsubscribeRoute.POST, { method: "POST", path: `/api/email/unsubscribe?token=${token}` });
    expect(unsub.body).toEqual({ ok: true, test: true });
    expect((await findCampaign(id))?.status).toBe("draft");

    const copy = await call(duplicateRoute.POST, { method: "POST", cookie: admin.cookie, params: { id } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ subject: "新功能", bodyMarkdown: "內容", status: "draft", ratePerMinute: 0 });
    expect(copy.body.id).not.toBe(id);
  });
});

describe("scheduled sending", () => {
  it("starts at the set time (recipients written then), and a withdrawn schedule never starts", async () => {
    const u = await seedUser({ role: "manager" });
    const id = await campaignTo([u.email], "排程");
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const scheduled = await call(sendRoute.POST, { method: "POST", cookie: admin.cookie, body: { at }, params: { id } });
    expect(scheduled.body).toEqual({ scheduledAt: at });
    const past = await call(sendRoute.POST, { method: "POST", cookie: admin.cookie, body: { at: new Date(Date.now() - 1000).toISOString() }, params: { id } });
    expect(past.status).toBe(400);
    await drainAll();
    expect((await findCampaign(id))?.status).toBe("scheduled");
    const db = await getDb();
    expect(await db.select().from(emailRecipients).where(eq(emailRecipients.campaignId, id))).toHaveLength(0);

    const late = await seedUser({ role: "manager" });
    await db.update(jobs).set({ runAt: sql`now()` }).where(sql`${jobs.payload}->>'campaignId' = ${id}`);
    await drainAll();
    expect((await findCampaign(id))?.status).toBe("done");
    // The audience as it was at the start: the manager made before it got the message too.
    expect(smtp.countFor(u.email)).toBe(1);
    expect(smtp.countFor(late.email)).toBe(1);

    const withdrawn = await campaignTo([u.email], "撤回");
    await call(sendRoute.POST, { method: "POST", cookie: admin.cookie, body: { at }, params: { id: withdrawn } });
    expect((await call(actionsRoute.POST, { method: "POST", cookie: admin.cookie, body: { action: "unschedule" }, params: { id: withdrawn } })).status).toBe(200);
    await db.update(jobs).set({ runAt: sql`now()` }).where(sql`${jobs.payload}->>'campaignId' = ${withdrawn}`);
    await drainAll();
    expect((await findCampaign(withdrawn))?.status).toBe("draft");
    expect(smtp.countFor(u.email)).toBe(1);
  });

  it("a scheduled start that finds no mail server starts paused, saying why, is on the progress list, and sends once a server is set and it is resumed", async () => {
    const u = await seedUser({ role: "manager" });
    const id = await campaignTo([u.email], "排程但沒有伺服器");
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    expect((await call(sendRoute.POST, { method: "POST", cookie: admin.cookie, body: { at }, params: { id } })).status).toBe(200);
    expect((await call(settingsRoute.DELETE, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    try {
      const db = await getDb();
      await db.update(jobs).set({ runAt: sql`now()` }).where(sql`${jobs.payload}->>'campaignId' = ${id}`);
      await drainAll();
      expect(await findCampaign(id)).toMatchObject({ status: "paused", lastError: "no_mail_server", totalCount: 1, startedAt: expect.any(Date) });
      const progress = await call(campaignsRoute.GET, { path: "/api/email/campaigns?kind=sent", cookie: admin.cookie });
      expect(progress.body.find((c: { id: string }) => c.id === id)).toMatchObject({ status: "paused", lastError: "no_mail_server", totalCount: 1, counts: { queued: 1 } });
      // Resuming needs the server too.
      const refused = await call(actionsRoute.POST, { method: "POST", cookie: admin.cookie, body: { action: "resume" }, params: { id } });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain("SMTP_URL");
      expect(smtp.countFor(u.email)).toBe(0);
    } finally {
      await useMailServer(smtp);
    }
    expect((await call(actionsRoute.POST, { method: "POST", cookie: admin.cookie, body: { action: "resume" }, params: { id } })).status).toBe(200);
    await drainAll();
    expect((await findCampaign(id))?.status).toBe("done");
    expect(smtp.countFor(u.email)).toBe(1);
  });
});

describe("POST /api/email/audience-count", () => {
  it("counts by effective plan (admins in no plan), role, sign-up and inactivity, and names the unsubscribed", async () => {
    const db = await getDb();
    // Everyone else out of the way; the admin calling stays (and is counted where admins belong).
    await db.update(users).set({ disabled: true }).where(ne(users.id, admin.user.id));
    const tag = `aud${Date.now()}`;
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    await db.insert(users).values([
      { email: `${tag}-free@example.com`, displayName: "f", referralCode: `${tag}A`, plan: "free" },
      { email: `${tag}-expired@example.com`, displayName: "e", referralCode: `${tag}B`, plan: "free", trialEndsAt: new Date(now - day) },
      { email: `${tag}-trial@example.com`, displayName: "t", referralCode: `${tag}C`, plan: "free", trialEndsAt: new Date(now + day), emailUnsubscribedAt: new Date() },
      { email: `${tag}-supporter@example.com`, displayName: "s", referralCode: `${tag}D`, plan: "supporter", trialEndsAt: new Date(now + day) },
      { email: `${tag}-admin@example.com`, displayName: "a", referralCode: `${tag}E`, plan: "supporter", role: "admin" },
      { email: `${tag}-old@example.com`, displayName: "o", referralCode: `${tag}F`, createdAt: new Date(now - 100 * day), lastLoginAt: new Date(now - 40 * day) },
      { email: `${tag}-off@example.com`, displayName: "x", referralCode: `${tag}G`, disabled: true },
      // A grant that ended yesterday reads as free; one ending tomorrow still counts as supporter.
      { email: `${tag}-lapsed@example.com`, displayName: "l", referralCode: `${tag}H`, plan: "supporter", supporterUntil: new Date(now - day) },
      { email: `${tag}-until@example.com`, displayName: "u", referralCode: `${tag}I`, plan: "supporter", supporterUntil: new Date(now + day) },
    ]);
    const count = async (audience: Record<string, unknown>) => (await call(audienceRoute.POST, { method: "POST", cookie: admin.cookie, body: { audience } })).body;
    expect(await count({})).toEqual({ total: 9, unsubscribed: 1 });
    expect(await count({ plan: "free" })).toEqual({ total: 4, unsubscribed: 0 });
    expect(await count({ plan: "trial" })).toEqual({ total: 1, unsubscribed: 1 });
    expect(await count({ plan: "supporter" })).toEqual({ total: 2, unsubscribed: 0 });
    expect(await count({ role: "admin" })).toEqual({ total: 2, unsubscribed: 0 });
    expect(await count({ signedUpWithinDays: 30 })).toEqual({ total: 8, unsubscribed: 1 });
    expect(await count({ inactiveForDays: 30 })).toEqual({ total: 1, unsubscribed: 0 });
    expect(await count({ plan: "free", inactiveForDays: 30 })).toEqual({ total: 1, unsubscribed: 0 });
    const bad = await call(audienceRoute.POST, { method: "POST", cookie: admin.cookie, body: { audience: { inactiveForDays: 0 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].message).toBe("email.validation.days");
  });
});

describe("mail server settings", () => {
  it("keeps the password encrypted at rest, never sends it back, and uses it to sign in to the server", async () => {
    const guarded = await startSmtpServer({ auth: { user: "mailer", pass: "s3cret-passw0rd" } });
    try {
      const view = await useMailServer(guarded, { username: "mailer", password: "s3cret-passw0rd" });
      expect(view).toMatchObject({ source: "settings", host: "127.0.0.1", username: "mailer", hasPassword: true });
      expect(JSON.stringify(view)).not.toContain("s3cret");
      const db = await getDb();
      const [stored] = await db.select().from(appSettings).where(eq(appSettings.key, "mail_server"));
      expect(JSON.stringify(stored.value)).not.toContain("s3cret");
      expect((stored.value as { passwordEncrypted: string }).passwordEncrypted).toMatch(/^v1\./);
      expect(JSON.stringify((await call(settingsRoute.GET, { cookie: admin.cookie })).body)).not.toContain("s3cret");

      const ok = await call(settingsTestRoute.POST, { method: "POST", cookie: admin.cookie, body: { to: "ops@example.com" } });
      expect(ok.status).toBe(200);
      expect(guarded.countFor("ops@example.com")).toBe(1);
      expect((await guarded.lastTo("ops@example.com")).subject).toBe("「AI 文件助理」郵件伺服器測試");

      // Saved again without a password: the stored one is kept.
      await call(settingsRoute.PUT, { method: "PUT", cookie: admin.cookie, body: { host: "127.0.0.1", port: guarded.port, security: "opportunistic", username: "mailer", from: "news@example.com", allowPrivateNetwork: true } });
      expect((await call(settingsTestRoute.POST, { method: "POST", cookie: admin.cookie, body: { to: "ops@example.com" } })).status).toBe(200);

      await useMailServer(guarded, { username: "mailer", password: "wrong" });
      const refused = await call(settingsTestRoute.POST, { method: "POST", cookie: admin.cookie, body: { to: "ops@example.com" } });
      // The kind of failure in the admin's language, never the server's own reply.
      expect(refused.status).toBe(422);
      expect(refused.body.error.details).toEqual({ reason: "auth" });
      expect(refused.body.error.message).toBe("測試信沒有寄出：郵件伺服器拒絕了使用者名稱或密碼。");
      expect(refused.body.error.message).not.toContain("535");
    } finally {
      await guarded.close();
      await useMailServer(smtp);
    }
  });

  it("reads SMTP_URL and MAIL_FROM", () => {
    expect(parseSmtpUrl("smtp://user%40x:p%3Ass@mail.example.com:2525", "Team <team@example.com>", "https://docs.example.com")).toEqual({
      host: "mail.example.com",
      port: 2525,
      security: "opportunistic",
      username: "user@x",
      password: "p:ss",
      from: "team@example.com",
      allowPrivateNetwork: true,
    });
    expect(parseSmtpUrl("smtps://mail.example.com", undefined, "https://docs.example.com")).toMatchObject({ port: 465, security: "tls", username: null, from: "no-reply@docs.example.com" });
    expect(parseSmtpUrl("smtp://mail.example.com?starttls=required", "a@b.c", "http://x")).toMatchObject({ port: 587, security: "starttls" });
    expect(() => parseSmtpUrl("http://mail.example.com", undefined, "http://x")).toThrow(/smtp:\/\//);
  });
});

describe("POST /api/password-reset", () => {
  it("answers the same whether or not the address has an account, and mails a link that sets a new password once", async () => {
    const u = await seedUser({ password: "the old password" });
    const ip = freshIp();
    const known = await call(resetRoute.POST, { method: "POST", body: { email: u.email.toUpperCase() }, headers: { "x-client-ip": ip } });
    const unknown = await call(resetRoute.POST, { method: "POST", body: { email: `nobody-${Date.now()}@example.com` }, headers: { "x-client-ip": ip } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await drainAll();
    const mail = await smtp.lastTo(u.email);
    expect(mail.subject).toBe("重設您在「AI 文件助理」的密碼");
    expect(String(mail.html)).toContain("設定新密碼");
    expect(smtp.messages.filter((m) => m.to.some((to) => to.startsWith("nobody-")))).toHaveLength(0);

    const token = await resetLink(u.email);
    const tooShort = await call(resetConfirmRoute.POST, { method: "POST", body: { token, password: "short" }, headers: { "x-client-ip": ip } });
    expect(tooShort.status).toBe(400);
    const done = await call(resetConfirmRoute.POST, { method: "POST", body: { token, password: "a brand new password" }, headers: { "x-client-ip": ip } });
    expect(done.status).toBe(200);
    const login = (password: string) => call(loginRoute.POST, { method: "POST", body: { email: u.email, password }, headers: { "x-client-ip": freshIp() } });
    expect((await login("a brand new password")).status).toBe(200);
    expect((await login("the old password")).status).toBe(401);
    // Changing the password ended the sessions the account had.
    expect((await call(preferencesRoute.GET, { cookie: u.cookie })).status).toBe(401);

    const reused = await call(resetConfirmRoute.POST, { method: "POST", body: { token, password: "yet another password" }, headers: { "x-client-ip": ip } });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe("重設連結無效或已過期，請重新申請");
  });

  it("refuses a link older than 30 minutes, and a second link once the first was used", async () => {
    const u = await seedUser();
    await call(resetRoute.POST, { method: "POST", body: { email: u.email }, headers: { "x-client-ip": freshIp() } });
    await call(resetRoute.POST, { method: "POST", body: { email: u.email }, headers: { "x-client-ip": freshIp() } });
    await drainAll();
    const copies = smtp.messages.filter((m) => m.to.includes(u.email.toLowerCase()));
    expect(copies).toHaveLength(2);
    const tokens = await Promise.all(copies.map(async (m) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await smtp.parse(m)).text!)![1]));
    const db = await getDb();
    const [first] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.user.id)).orderBy(passwordResetTokens.createdAt);
    const minutes = (first.expiresAt.getTime() - first.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
    await db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResetTokens.id, first.id));
    const results = [];
    for (const token of tokens) results.push((await call(resetConfirmRoute.POST, { method: "POST", body: { token, password: "another new password" }, headers: { "x-client-ip": freshIp() } })).status);
    // One of the two links expired; the other works once, and then neither does.
    expect(results.sort()).toEqual([200, 400]);
    for (const token of tokens) expect((await call(resetConfirmRoute.POST, { method: "POST", body: { token, password: "third new password" }, headers: { "x-client-ip": freshIp() } })).status).toBe(400);
  });

  it("limits requests per address and per client address (429 with Retry-After)", async () => {
    const u = await seedUser();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(resetRoute.POST, { method: "POST", body: { email: u.email }, headers: { "x-client-ip": freshIp() } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const ip = freshIp();
    const fromOne = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(resetRoute.POST, { method: "POST", body: { email: `nobody-${i}-${Date.now()}@example.com` }, headers: { "x-client-ip": ip } });
      fromOne.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(fromOne).toEqual([...Array(10).fill(200), 429]);
  });

  it("is refused without a mail server, saying what to set", async () => {
    await call(settingsRoute.DELETE, { method: "DELETE", cookie: admin.cookie });
    try {
      const res = await call(resetRoute.POST, { method: "POST", body: { email: "someone@example.com" }, headers: { "x-client-ip": freshIp() } });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain("SMTP_URL");
    } finally {
      await useMailServer(smtp);
    }
  });
});

describe("welcome mail", () => {
  it("greets a registration when the admin turned it on, and not otherwise", async () => {
    const register = (email: string) =>
      call(registerRoute.POST, { method: "POST", body: { email, password: "welcome-password", displayName: "[點我](https://evil.example)" }, headers: { "x-client-ip": freshIp() } });
    const before = `before-${Date.now()}@example.com`;
    expect((await register(before)).status).toBe(201);
    await drainAll();
    expect(smtp.countFor(before)).toBe(0);

    expect((await call(welcomeRoute.PUT, { method: "PUT", cookie: admin.cookie, body: { enabled: true } })).body.welcomeMail).toBe(true);
    const after = `after-${Date.now()}@example.com`;
    expect((await register(after)).status).toBe(201);
    await drainAll();
    const mail = await smtp.lastTo(after);
    expect(mail.subject).toBe("歡迎使用「AI 文件助理」");
    expect(String(mail.html)).not.toContain("evil.example");
    expect((await findUserByEmail(after))?.locale).toBe("zh-TW");
    await call(welcomeRoute.PUT, { method: "PUT", cookie: admin.cookie, body: { enabled: false } });
  });
});
