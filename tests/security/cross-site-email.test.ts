import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as emailSettings from "@/app/api/email/settings/route";
import * as emailSettingsTest from "@/app/api/email/settings/test/route";
import * as emailSettingsWelcome from "@/app/api/email/settings/welcome/route";
import * as emailAudienceCount from "@/app/api/email/audience-count/route";
import * as emailCampaigns from "@/app/api/email/campaigns/route";
import * as emailCampaign from "@/app/api/email/campaigns/[id]/route";
import * as emailCampaignTest from "@/app/api/email/campaigns/[id]/test/route";
import * as emailCampaignSend from "@/app/api/email/campaigns/[id]/send/route";
import * as emailCampaignActions from "@/app/api/email/campaigns/[id]/actions/route";
import * as emailCampaignDuplicate from "@/app/api/email/campaigns/[id]/duplicate/route";
import * as emailUnsubscribe from "@/app/api/email/unsubscribe/route";
import * as emailResubscribe from "@/app/api/email/resubscribe/route";
import * as emailPreferences from "@/app/api/user/email-preferences/route";
import * as passwordReset from "@/app/api/password-reset/route";
import * as passwordResetConfirm from "@/app/api/password-reset/confirm/route";
import { getDb } from "@/lib/server/db/client";
import { emailCampaigns as campaignsTable, jobs, passwordResetTokens } from "@/lib/server/db/schema";
import { closeTransport } from "@/lib/server/mail/transport";
import { mailSettingsView, saveMailServer } from "@/lib/server/mail/mail-settings";
import { unsubscribeToken } from "@/lib/server/mail/unsubscribe-token";
import { createCampaign, findCampaign, listCampaigns } from "@/lib/server/queries/email-campaigns";
import { isSubscribed, setSubscribed } from "@/lib/server/queries/email-preferences";
import { API_ROUTES, MUTATING_WRAPPED_ROUTES, label, type Handler } from "../support/api-routes";
import { call, seedUser, type CallResult } from "../support/http";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// docs/rules/security.md#cross-site-requests for the e-mail routes: a mutation with another site's Origin
// is refused before it does anything. The one exception is RFC 8058's one-click unsubscribe, which
// mail providers post from their own servers: its signed token is the whole authorisation.

let ipSeq = 0;
const freshIp = () => `100.90.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
let smtp: TestSmtpServer;

interface Case {
  method: string;
  path: string;
  handler: Handler;
  prepare: () => Promise<{ cookie?: string; body?: unknown; params?: Record<string, string>; path?: string; state: () => Promise<unknown>; allowed: (res: CallResult) => Promise<void> | void }>;
}

const admin = () => seedUser({ role: "admin" });
const draft = async (createdById: string) =>
  createCampaign({ createdById, subject: "主旨", bodyMarkdown: "內容", audience: { plan: null, role: "manager", signedUpWithinDays: 1, inactiveForDays: null }, ratePerMinute: 0 });
const campaignState = async (id: string) => {
  const c = await findCampaign(id);
  return c && { status: c.status, subject: c.subject, generation: c.generation };
};
const jobCount = async () => (await (await getDb()).select().from(jobs)).length;

const CASES: Case[] = [
  {
    method: "PUT",
    path: "/api/email/settings",
    handler: emailSettings.PUT,
    prepare: async () => {
      const a = await admin();
      return {
        cookie: a.cookie,
        body: { host: "127.0.0.1", port: smtp.port, security: "opportunistic", username: "forged", password: "x", from: "forged@example.com", allowPrivateNetwork: true },
        state: async () => (await mailSettingsView()).username,
        allowed: (res) => expect(res.body.username).toBe("forged"),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/email/settings",
    handler: emailSettings.DELETE,
    prepare: async () => {
      const a = await admin();
      await saveMailServer({ host: "127.0.0.1", port: smtp.port, security: "opportunistic", username: null, password: null, from: "news@example.com", allowPrivateNetwork: true });
      return { cookie: a.cookie, state: async () => (await mailSettingsView()).source, allowed: (res) => expect(res.body.source).not.toBe("settings") };
    },
  },
  {
    method: "POST",
    path: "/api/email/settings/test",
    handler: emailSettingsTest.POST,
    prepare: async () => {
      const a = await admin();
      await saveMailServer({ host: "127.0.0.1", port: smtp.port, security: "opportunistic", username: null, password: null, from: "news@example.com", allowPrivateNetwork: true });
      const to = `xsite-test-${ipSeq}-${Date.now()}@example.com`;
      return { cookie: a.cookie, body: { to }, state: async () => smtp.countFor(to), allowed: () => expect(smtp.countFor(to)).toBe(1) };
    },
  },
  {
    method: "PUT",
    path: "/api/email/settings/welcome",
    handler: emailSettingsWelcome.PUT,
    prepare: async () => {
      const a = await admin();
      const next = !(await mailSettingsView()).welcomeMail;
      return { cookie: a.cookie, body: { enabled: next }, state: async () => (await mailSettingsView()).welcomeMail, allowed: (res) => expect(res.body.welcomeMail).toBe(next) };
    },
  },
  {
    method: "POST",
    path: "/api/email/audience-count",
    handler: emailAudienceCount.POST,
    prepare: async () => {
      const a = await admin();
      return { cookie: a.cookie, body: { audience: {} }, state: async () => null, allowed: (res) => expect(res.body.total).toBeGreaterThan(0) };
    },
  },
  {
    method: "POST",
    path: "/api/email/campaigns",
    handler: emailCampaigns.POST,
    prepare: async () => {
      const a = await admin();
      return { cookie: a.cookie, body: { subject: "偽造" }, state: async () => (await listCampaigns("all")).length, allowed: (res) => expect(res.status).toBe(201) };
    },
  },
  {
    method: "PUT",
    path: "/api/email/campaigns/{id}",
    handler: emailCampaign.PUT,
    prepare: async () => {
      const a = await admin();
      const c = await draft(a.user.id);
      return {
        cookie: a.cookie,
        params: { id: c.id },
        body: { subject: "被改", bodyMarkdown: "x", audience: {}, ratePerMinute: 60 },
        state: () => campaignState(c.id),
        allowed: (res) => expect(res.body.subject).toBe("被改"),
      };
    },
  },
  {
    method: "DELETE",
    path: "/api/email/campaigns/{id}",
    handler: emailCampaign.DELETE,
    prepare: async () => {
      const a = await admin();
      const c = await draft(a.user.id);
      return { cookie: a.cookie, params: { id: c.id }, state: () => campaignState(c.id), allowed: async () => expect(await findCampaign(c.id)).toBeUndefined() };
    },
  },
  {
    method: "POST",
    path: "/api/email/campaigns/{id}/test",
    handler: emailCampaignTest.POST,
    prepare: async () => {
      const a = await admin();
      await saveMailServer({ host: "127.0.0.1", port: smtp.port, security: "opportunistic", username: null, password: null, from: "news@example.com", allowPrivateNetwork: true });
      const c = await draft(a.user.id);
      const to = `xsite-campaign-${ipSeq}-${Date.now()}@example.com`;
      return { cookie: a.cookie, params: { id: c.id }, body: { to }, state: async () => smtp.countFor(to), allowed: () => expect(smtp.countFor(to)).toBe(1) };
    },
  },
  {
    method: "POST",
    path: "/api/email/campaigns/{id}/send",
    handler: emailCampaignSend.POST,
    prepare: async () => {
      const a = await admin();
      await saveMailServer({ host: "127.0.0.1", port: smtp.port, security: "opportunistic", username: null, password: null, from: "news@example.com", allowPrivateNetwork: true });
      const c = await draft(a.user.id);
      return { cookie: a.cookie, params: { id: c.id }, body: {}, state: async () => [await campaignState(c.id), await jobCount()], allowed: async () => expect((await findCampaign(c.id))?.status).toBe("sending") };
    },
  },
  {
    method: "POST",
    path: "/api/email/campaigns/{id}/actions",
    handler: emailCampaignActions.POST,
    prepare: async () => {
      const a = await admin();
      const c = await draft(a.user.id);
      const db = await getDb();
      await db.update(campaignsTable).set({ status: "sending" }).where(eq(campaignsTable.id, c.id));
      return { cookie: a.cookie, params: { id: c.id }, body: { action: "pause" }, state: () => campaignState(c.id), allowed: async () => expect((await findCampaign(c.id))?.status).toBe("paused") };
    },
  },
  {
    method: "POST",
    path: "/api/email/campaigns/{id}/duplicate",
    handler: emailCampaignDuplicate.POST,
    prepare: async () => {
      const a = await admin();
      const c = await draft(a.user.id);
      return { cookie: a.cookie, params: { id: c.id }, state: async () => (await listCampaigns("all")).length, allowed: (res) => expect(res.status).toBe(201) };
    },
  },
  {
    method: "POST",
    path: "/api/email/resubscribe",
    handler: emailResubscribe.POST,
    prepare: async () => {
      const u = await seedUser();
      await setSubscribed(u.user.id, false);
      return { body: { token: await unsubscribeToken(u.user.id) }, state: () => isSubscribed(u.user.id), allowed: async () => expect(await isSubscribed(u.user.id)).toBe(true) };
    },
  },
  {
    method: "PUT",
    path: "/api/user/email-preferences",
    handler: emailPreferences.PUT,
    prepare: async () => {
      const u = await seedUser();
      return { cookie: u.cookie, body: { campaigns: false }, state: () => isSubscribed(u.user.id), allowed: async () => expect(await isSubscribed(u.user.id)).toBe(false) };
    },
  },
  {
    method: "POST",
    path: "/api/password-reset",
    handler: passwordReset.POST,
    prepare: async () => {
      const u = await seedUser();
      await saveMailServer({ host: "127.0.0.1", port: smtp.port, security: "opportunistic", username: null, password: null, from: "news@example.com", allowPrivateNetwork: true });
      return { body: { email: u.email }, state: jobCount, allowed: async (res) => expect(res.body).toEqual({ ok: true }) };
    },
  },
  {
    method: "POST",
    path: "/api/password-reset/confirm",
    handler: passwordResetConfirm.POST,
    prepare: async () => {
      const u = await seedUser();
      const { createHash } = await import("node:crypto");
      const token = `xsite-${u.user.id}`;
      const db = await getDb();
      await db.insert(passwordResetTokens).values({ userId: u.user.id, tokenHash: createHash("sha256").update(token).digest("base64url"), expiresAt: new Date(Date.now() + 60_000) });
      const used = async () => (await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.user.id)))[0].usedAt !== null;
      return { body: { token, password: "a new password 1" }, state: used, allowed: async (res) => expect(res.body).toEqual({ ok: true }) };
    },
  },
];

beforeAll(async () => {
  smtp = await startSmtpServer();
  await seedUser({ role: "admin" });
});

afterAll(async () => {
  closeTransport();
  await smtp.close();
});

describe("e-mail cross-site table", () => {
  it("covers every mutating e-mail route that must refuse other sites", () => {
    expect(CASES.map((c) => `${c.method} ${c.path}`).sort()).toEqual(MUTATING_WRAPPED_ROUTES.filter((r) => r.emailSuite).map(label).sort());
  });
});

for (const c of CASES) {
  describe(`${c.method} ${c.path}`, () => {
    it("refuses another site's Origin, or Sec-Fetch-Site: cross-site, with 403 and changes nothing", async () => {
      const prepared = await c.prepare();
      const before = await prepared.state();
      const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "http://localhost:3000", "sec-fetch-site": "cross-site" }, { origin: "null" }];
      for (const headers of foreign) {
        const res = await call(c.handler, { method: c.method, path: c.path, cookie: prepared.cookie, params: prepared.params, body: prepared.body ?? {}, headers: { ...headers, "x-client-ip": freshIp() } });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
      expect(await prepared.state()).toEqual(before);
    });

    it("lets the same request through from this site's own origin", async () => {
      const prepared = await c.prepare();
      const res = await call(c.handler, {
        method: c.method,
        path: c.path,
        cookie: prepared.cookie,
        params: prepared.params,
        body: prepared.body ?? {},
        headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin", "x-client-ip": freshIp() },
      });
      await prepared.allowed(res);
    });
  });
}

describe("POST /api/email/unsubscribe (RFC 8058 one-click)", () => {
  it("is the one mutation open to other sites: a mail provider's POST with the signed token unsubscribes, without cookies", async () => {
    expect(API_ROUTES.filter((r) => r.crossSite).map(label)).toEqual(["POST /api/email/unsubscribe"]);
    const u = await seedUser();
    const token = await unsubscribeToken(u.user.id);
    const res = await call(emailUnsubscribe.POST, {
      method: "POST",
      path: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { origin: "https://mail.provider.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await isSubscribed(u.user.id)).toBe(false);
  });

  it("does nothing for anyone without a token made by this server", async () => {
    const u = await seedUser();
    for (const token of ["", `${u.user.id}.AAAAAAAAAAAAAAAAAAAAAA`, `${u.user.id}`, "x".repeat(300)]) {
      const res = await call(emailUnsubscribe.POST, { method: "POST", path: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`, headers: { origin: "https://evil.example" } });
      expect(res.status, token).toBeGreaterThanOrEqual(400);
      expect(res.status, token).toBeLessThan(500);
    }
    expect(await isSubscribed(u.user.id)).toBe(true);
  });
});
