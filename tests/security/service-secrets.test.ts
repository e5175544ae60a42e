import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as aiSettings from "@/app/api/settings/ai-service/route";
import * as aiTest from "@/app/api/settings/ai-service/test/route";
import * as mailSettings from "@/app/api/email/settings/route";
import * as mailTest from "@/app/api/email/settings/test/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { AI_SERVICE_SETTING } from "@/lib/server/ai/ai-config";
import { resolveModel } from "@/lib/server/ai/providers";
import { runModel } from "@/lib/server/ai/run-model";
import { getDb } from "@/lib/server/db/client";
import { appSettings } from "@/lib/server/db/schema";
import { closeTransport } from "@/lib/server/mail/transport";
import { setSetting } from "@/lib/server/queries/app-settings";
import { call, seedUser } from "../support/http";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// docs/rules/security.md#outbound-fetches: the admin screens cannot be pointed at the server's own
// network to probe it, and a saved secret (the mail password, the AI key) goes only where it was
// saved for. Services on loopback here stand in for a relay or a model on a private network.

const KEY = "sk-live-SAVED-0123456789abcdefWXYZ";
const MAIL = { security: "opportunistic", from: "news@example.com" } as const;

let admin: Awaited<ReturnType<typeof seedUser>>;

/**
 * A TCP listener that counts who connects and greets with a refusal carrying its own banner: the
 * "other host" a secret must never reach, or an internal service whose words must not come back.
 */
async function connectionCounter(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    socket.write("554 probe-banner internal-service v1.2.3\r\n");
    socket.on("data", (line) => (/^QUIT/i.test(line.toString()) ? socket.end("221 bye\r\n") : socket.write("503 probe-banner\r\n")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => count, close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function storedMail() {
  const db = await getDb();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "mail_server"));
  return row?.value as Record<string, unknown> | undefined;
}

async function storedAi() {
  const db = await getDb();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, AI_SERVICE_SETTING));
  return row?.value as Record<string, unknown> | undefined;
}

const putMail = (body: Record<string, unknown>, cookie = admin.cookie) => call(mailSettings.PUT, { method: "PUT", cookie, body: { ...MAIL, ...body } });
const sendTest = (cookie = admin.cookie) => call(mailTest.POST, { method: "POST", cookie, body: { to: "ops@example.com" } });
const AI_FORM = { baseUrl: "", chatModel: "", visionModel: "", embeddingModel: "", maxOutputTokens: null, offline: false };
const putAi = (body: Record<string, unknown>, cookie = admin.cookie) => call(aiSettings.PUT, { method: "PUT", cookie, body: { ...AI_FORM, ...body } });
const testAi = (body: Record<string, unknown>) => call(aiTest.POST, { method: "POST", cookie: admin.cookie, body: { ...AI_FORM, ...body } });

beforeAll(async () => {
  admin = await seedUser({ role: "admin" });
});

afterAll(() => closeTransport());

describe("the mail server's address", () => {
  it("refuses loopback, private, metadata and local names without the opt-in, saving nothing", async () => {
    const before = await storedMail();
    for (const host of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "localhost", "mail", "::1"]) {
      const res = await putMail({ host, port: 25, username: null });
      expect(res.status, host).toBe(422);
      expect(res.body.error.details).toEqual({ field: "host", reason: "address" });
      expect(res.body.error.message).toContain("私人或特殊用途");
    }
    const english = await putMail({ host: "127.0.0.1", port: 25, username: null }, `${admin.cookie}; ${LOCALE_COOKIE}=en`);
    expect(english.body.error.message).toContain("private or special-purpose");
    expect(await storedMail()).toEqual(before);
  });

  it("accepts a private relay with the admin's opt-in, but never a link-local (metadata) address", async () => {
    expect((await putMail({ host: "10.1.2.3", port: 25, username: null, password: null, allowPrivateNetwork: true })).status).toBe(200);
    expect((await putMail({ host: "169.254.169.254", port: 80, username: null, password: null, allowPrivateNetwork: true })).status).toBe(422);
    expect((await putMail({ host: "fe80::1", port: 25, username: null, password: null, allowPrivateNetwork: true })).status).toBe(422);
  });

  it("checks the address when it connects: a saved loopback host without the opt-in sends nothing, and says so in a translated kind", async () => {
    const probe = await connectionCounter();
    try {
      // As a row written before this rule (or by hand): no opt-in saved with it.
      await setSetting("mail_server", { host: "127.0.0.1", port: probe.port, security: "opportunistic", username: null, passwordEncrypted: null, from: "news@example.com" });
      const res = await sendTest();
      expect(res.status).toBe(422);
      expect(res.body.error.details).toEqual({ reason: "address_refused" });
      expect(res.body.error.message).toBe("測試信沒有寄出：郵件伺服器位於私人或特殊用途的網路位址。");
      expect(probe.connections()).toBe(0);
    } finally {
      await probe.close();
    }
  });

  it("never echoes what answers at the address: a test reports a kind, not the server's reply", async () => {
    const probe = await connectionCounter();
    try {
      expect((await putMail({ host: "127.0.0.1", port: probe.port, username: null, password: null, allowPrivateNetwork: true })).status).toBe(200);
      const res = await sendTest();
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).not.toContain("probe-banner");
      expect(["unreachable", "rejected", "error"]).toContain(res.body.error.details.reason);
      expect(probe.connections()).toBe(1);
    } finally {
      await probe.close();
    }
  });
});

describe("the saved mail password", () => {
  let guarded: TestSmtpServer;
  beforeAll(async () => {
    guarded = await startSmtpServer({ auth: { user: "mailer", pass: "s3cret-passw0rd" } });
  });
  afterAll(async () => {
    // The pool's open connection first, so the server need not wait for it to time out.
    closeTransport();
    await guarded.close();
  });

  it("is not kept for another host, port or user: the form asks for it again and the other server is never reached", async () => {
    const saved = { host: "127.0.0.1", port: guarded.port, username: "mailer", allowPrivateNetwork: true };
    expect((await putMail({ ...saved, password: "s3cret-passw0rd" })).status).toBe(200);
    const before = await storedMail();
    const other = await connectionCounter();
    try {
      for (const change of [{ port: other.port }, { host: "127.0.0.2", port: other.port }, { username: "someone-else" }]) {
        const res = await putMail({ ...saved, ...change });
        expect(res.status, JSON.stringify(change)).toBe(422);
        expect(res.body.error.details).toEqual({ field: "password", reason: "password_again" });
        expect(res.body.error.message).toContain("請重新輸入密碼");
        expect(await storedMail()).toEqual(before);
      }
      // The next test goes where the password was saved for, and the other host saw nothing.
      expect((await sendTest()).status).toBe(200);
      expect(guarded.countFor("ops@example.com")).toBeGreaterThan(0);
      expect(other.connections()).toBe(0);
      // Typed again (or removed), the change is saved.
      expect((await putMail({ ...saved, port: other.port, password: "s3cret-passw0rd" })).status).toBe(200);
      expect((await putMail({ ...saved, username: null, password: null })).status).toBe(200);
      // The same host in other letters and the same port and user is the same destination.
      expect((await putMail({ ...saved, password: "s3cret-passw0rd" })).status).toBe(200);
      expect((await putMail({ ...saved, host: "127.0.0.1" })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe("the AI service's base URL and key", () => {
  let fake: FakeOpenAi;
  let other: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    other = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
    await other.close();
  });

  it("refuses a loopback, private or metadata base URL without the opt-in, and a link-local one even with it", async () => {
    for (const baseUrl of [fake.baseUrl, "http://localhost:11434/v1", "http://192.168.1.20:8000/v1", "http://169.254.169.254/latest"]) {
      const res = await putAi({ baseUrl, apiKey: KEY });
      expect(res.status, baseUrl).toBe(422);
      expect(res.body.error.details).toEqual({ field: "baseUrl", reason: "address" });
    }
    expect((await putAi({ baseUrl: "http://169.254.169.254/latest", apiKey: KEY, allowPrivateNetwork: true })).status).toBe(422);
    expect((await putAi({ baseUrl: "http://[fe80::1]:8000/v1", apiKey: KEY, allowPrivateNetwork: true })).status).toBe(422);
    const test = await testAi({ baseUrl: "http://169.254.169.254/latest", apiKey: KEY, allowPrivateNetwork: true });
    expect(test.body).toMatchObject({ ok: false, problem: "address_refused" });
    expect((await testAi({ baseUrl: "http://127.0.0.1:9/v1", apiKey: KEY })).body).toMatchObject({ ok: false, problem: "address_refused" });
  });

  it("sends the saved key only to the URL it was saved for: another URL needs the key again, and the test sends nothing there", async () => {
    const saved = await putAi({ baseUrl: fake.baseUrl, apiKey: KEY, allowPrivateNetwork: true });
    expect(saved.status).toBe(200);
    const before = await storedAi();

    const moved = await putAi({ baseUrl: other.baseUrl, allowPrivateNetwork: true });
    expect(moved.status).toBe(422);
    expect(moved.body.error.details).toEqual({ field: "apiKey", reason: "key_again" });
    expect(moved.body.error.message).toContain("請重新輸入 API 金鑰");
    expect(await storedAi()).toEqual(before);

    const probed = await testAi({ baseUrl: other.baseUrl, allowPrivateNetwork: true });
    expect(probed.body).toMatchObject({ ok: false, problem: "key_required" });
    expect(other.requests).toHaveLength(0);

    // The saved URL still gets the saved key; a key typed for the new URL goes there.
    expect((await testAi({ baseUrl: fake.baseUrl, allowPrivateNetwork: true })).body).toMatchObject({ ok: true });
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    expect((await putAi({ baseUrl: other.baseUrl, apiKey: "sk-typed-again-for-other-0000", allowPrivateNetwork: true })).status).toBe(200);
    expect(other.requests).toHaveLength(0);
  });

  it("a reply is reported as success, never quoted", async () => {
    fake.reply = "INTERNAL-BANNER v1.2.3";
    const res = await testAi({ baseUrl: fake.baseUrl, apiKey: KEY, allowPrivateNetwork: true });
    expect(res.body.ok).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain("INTERNAL-BANNER");
  });

  it("checks the address when it connects: a saved loopback URL without the opt-in reaches nothing", async () => {
    const calls = fake.requests.length;
    await setSetting(AI_SERVICE_SETTING, { baseUrl: fake.baseUrl });
    const resolved = await resolveModel("chat");
    await expect(
      runModel({ purpose: "chat", route: "test", userId: admin.user.id, instructions: "", messages: [{ role: "user", content: "hi" }], model: resolved, unrecorded: true }),
    ).rejects.toMatchObject({ addressRefused: true });
    expect(fake.requests.length).toBe(calls);
  });
});
