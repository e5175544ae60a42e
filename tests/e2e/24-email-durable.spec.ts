import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { PGlite } from "@electric-sql/pglite";
import { startInstance, stopInstance, waitForHealth } from "./support/app-instance";
import { EMAIL_DURABLE_PORT as PORT } from "./support/ports";
import { gate, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// A campaign is a durable job (docs/rules/email.md#sending). The built app sends to a real SMTP server on
// loopback and is killed with -9 (and restarted, and stopped gracefully) mid-campaign, on its
// embedded database. Outside the one unavoidable window every recipient gets the message exactly
// once. Inside it (the server has the message, the sender has not yet written "sent") the
// recipient gets it twice, with the same Message-ID: the at-least-once side the README states.

const BASE = `http://127.0.0.1:${PORT}`;
const POLL_MS = 250;

interface Progress {
  status: string;
  progress: { counts: { queued: number; sending: number; sent: number; failed: number; skipped: number } };
}

class Instance {
  server: ChildProcess | undefined;
  cookie = "";
  constructor(
    readonly dataDir: string,
    readonly smtpUrl: string,
  ) {}

  async start() {
    this.server = startInstance({ port: PORT, dataDir: this.dataDir, env: { SMTP_URL: this.smtpUrl, MAIL_FROM: "news@example.com" } });
    await waitForHealth(BASE, 60_000);
  }

  async kill9() {
    const server = this.server!;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
  }

  async stop() {
    if (this.server) await stopInstance(this.server);
  }

  async api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${BASE}${url}`, {
      method,
      headers: { cookie: this.cookie, origin: BASE, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    expect(res.ok, `${method} ${url}: ${res.status}`).toBe(true);
    return (await res.json()) as T;
  }

  progress(id: string) {
    return this.api<Progress>("GET", `/api/email/campaigns/${id}`);
  }

  /** A fresh install with an admin and `count` users (written straight into its database while it is stopped). */
  async prepare(count: number) {
    await this.start();
    const setup = await fetch(`${BASE}/api/trial-setup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ email: "durable-admin@example.com", password: "durable-admin-1", displayName: "Durable" }),
    });
    expect(setup.status).toBe(201);
    this.cookie = setup.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    await this.stop();
    const db = new PGlite(path.join(this.dataDir, "pgdata"));
    try {
      for (let i = 0; i < count; i++) {
        await db.query("INSERT INTO users (email, display_name, referral_code) VALUES ($1, $2, $3)", [`reader-${i}@example.com`, `Reader ${i}`, `DURABLE${String(i).padStart(6, "0")}`]);
      }
    } finally {
      await db.close();
    }
    await this.start();
  }

  async startCampaign(): Promise<string> {
    const { id } = await this.api<{ id: string }>("POST", "/api/email/campaigns", {
      subject: "不重複、不遺漏",
      bodyMarkdown: "每位讀者只會收到一次。",
      audience: { role: "user" },
      ratePerMinute: 0,
    });
    await this.api("POST", `/api/email/campaigns/${id}/send`, {});
    return id;
  }
}

/** Polls (bounded) until `check` holds. */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** Lets the first `n` transactions through RCPT TO; the rest wait at RCPT TO until released. */
function admitFirst(smtp: TestSmtpServer, n: number) {
  const held = gate(false);
  let tickets = n;
  smtp.onRcpt = async () => {
    if (tickets > 0) {
      tickets--;
      return { accept: true };
    }
    await held.wait();
    return { accept: true };
  };
  return held;
}

function receivedPerAddress(smtp: TestSmtpServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of smtp.messages) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

test.describe("a campaign as a durable job", () => {
  let smtp: TestSmtpServer;
  let instance: Instance | undefined;

  test.beforeEach(async () => {
    smtp = await startSmtpServer();
  });

  test.afterEach(async () => {
    if (instance?.server?.exitCode === null) instance.server.kill("SIGKILL");
    await smtp.close();
  });

  test("500 recipients, killed with -9 mid-campaign, restarted, stopped and started again: each gets the message exactly once", async () => {
    test.setTimeout(420_000);
    instance = new Instance(mkdtempSync(path.join(tmpdir(), "docchat-email-kill-")), smtp.url);
    await instance.prepare(500);

    // 150 messages go through; the senders' next transactions then wait at RCPT TO, so at the
    // kill every message handed over has been answered and recorded, and the ones in hand have
    // not reached the server.
    const held = admitFirst(smtp, 150);
    const id = await instance.startCampaign();
    await until("150 messages arrived and were recorded, and the senders wait", async () => smtp.messages.length === 150 && held.waiting > 0 && (await instance!.progress(id)).progress.counts.sent === 150);
    expect((await instance.progress(id)).progress.counts.sending).toBeGreaterThan(0);
    await instance.kill9();
    // The dead process's transactions get their answer now; nobody is there to hear it.
    smtp.onRcpt = () => ({ accept: true });
    held.release();

    await instance.start();
    await until("the restarted server sent past 300", async () => smtp.messages.length >= 300);
    // A normal stop mid-campaign: the batch in hand is finished and recorded, nothing left claimed.
    await instance.stop();
    await instance.start();
    await until("the campaign is done", async () => (await instance!.progress(id)).status === "done", 180_000);

    const counts = receivedPerAddress(smtp);
    expect(counts.size).toBe(500);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    for (let i = 0; i < 500; i++) expect(counts.get(`reader-${i}@example.com`), `reader-${i}`).toBe(1);
    expect((await instance.progress(id)).progress.counts).toEqual({ queued: 0, sending: 0, sent: 500, failed: 0, skipped: 0 });
    await instance.stop();
  });

  test("killed with -9 after the server took a message and before the sender recorded it: that one recipient gets it again (same Message-ID), everyone else once", async () => {
    test.setTimeout(300_000);
    instance = new Instance(mkdtempSync(path.join(tmpdir(), "docchat-email-window-")), smtp.url);
    await instance.prepare(40);

    // 20 messages go through; the 21st is taken by the server, whose reply then never comes; every
    // later transaction waits at RCPT TO.
    const held = admitFirst(smtp, 21);
    const replyHeld = gate(false);
    let inWindow: string | undefined;
    smtp.afterData = async (message) => {
      if (smtp.messages.length === 21) {
        inWindow = message.to[0];
        await replyHeld.wait();
      }
    };
    const id = await instance.startCampaign();
    await until("the 21st message is at the server, unanswered, and the first 20 are recorded", async () => smtp.messages.length === 21 && inWindow !== undefined && (await instance!.progress(id)).progress.counts.sent === 20);
    await instance.kill9();
    smtp.onRcpt = () => ({ accept: true });
    smtp.afterData = () => undefined;
    held.release();
    replyHeld.release();

    await instance.start();
    await until("the campaign is done", async () => (await instance!.progress(id)).status === "done", 180_000);

    const counts = receivedPerAddress(smtp);
    expect(counts.size).toBe(40);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([[inWindow, 2]]);
    const copies = smtp.messages.filter((m) => m.to.includes(inWindow!));
    const ids = await Promise.all(copies.map(async (m) => (await smtp.parse(m)).messageId));
    expect(ids[0]).toBe(ids[1]);
    const recipients = await instance.api<{ recipients: { email: string; status: string; attempts: number }[] }>("GET", `/api/email/campaigns/${id}/recipients?search=${encodeURIComponent(inWindow!)}`);
    expect(recipients.recipients).toEqual([expect.objectContaining({ email: inWindow, status: "sent", attempts: 2 })]);
    await instance.stop();
  });
});
