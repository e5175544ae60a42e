import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startInstance, waitForHealth } from "../support/app-instance";
import { EMAIL_TWO_INSTANCE_PORTS } from "../support/ports";
import { startSmtpServer } from "../../support/smtp-server";

// Two app instances on one PostgreSQL send one campaign together (docs/rules/email.md#sending). Recipients are
// claimed with FOR UPDATE SKIP LOCKED, so both instances send and nobody gets the message twice or
// not at all; the throttle's slots are shared through the database.
// Runs when TEST_DATABASE_URL names a PostgreSQL server (.ci/run starts one).

const serverUrl = process.env.TEST_DATABASE_URL!;
const RECIPIENTS = 500;
// Slow enough that both instances take part (about 25 s), fast enough for a test.
const RATE_PER_MINUTE = 1_200;

test("two instances on one PostgreSQL send a 500-recipient campaign together: each recipient exactly once, both instances sending", async () => {
  test.setTimeout(240_000);
  const smtp = await startSmtpServer();
  const name = `email_two_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-email-two-"));
  const env = { DATABASE_URL: url.toString(), SMTP_URL: smtp.url, MAIL_FROM: "news@example.com" };
  const servers = EMAIL_TWO_INSTANCE_PORTS.map((port) => startInstance({ port, dataDir, env }));
  const [a, b] = EMAIL_TWO_INSTANCE_PORTS.map((port) => `http://127.0.0.1:${port}`);
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    await Promise.all([a, b].map((base) => waitForHealth(base)));
    const setup = await fetch(`${a}/api/trial-setup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a },
      body: JSON.stringify({ email: "two-mail@example.com", password: "two-instances-1", displayName: "Two" }),
    });
    expect(setup.status).toBe(201);
    const cookie = setup.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    await db.connect();
    await db.query(
      `INSERT INTO users (email, display_name, referral_code)
       SELECT 'reader-' || i || '@example.com', 'Reader ' || i, 'TWO' || lpad(i::text, 7, '0') FROM generate_series(0, ${RECIPIENTS - 1}) AS i`,
    );

    const post = async (base: string, url: string, body: unknown) => {
      const res = await fetch(`${base}${url}`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.ok, `${url}: ${res.status}`).toBe(true);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const { id } = (await post(a, "/api/email/campaigns", { subject: "兩台一起寄", bodyMarkdown: "內容", audience: { role: "user" }, ratePerMinute: RATE_PER_MINUTE })) as { id: string };
    // Started on B; sent by both.
    expect((await post(b, `/api/email/campaigns/${id}/send`, {})).total).toBe(RECIPIENTS);

    let status = "";
    for (let i = 0; i < 600 && status !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = ((await (await fetch(`${a}/api/email/campaigns/${id}`, { headers: { cookie } })).json()) as { status: string }).status;
    }
    expect(status).toBe("done");

    const counts = new Map<string, number>();
    for (const m of smtp.messages) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect(counts.size).toBe(RECIPIENTS);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);

    const { rows } = await db.query<{ status: string; n: number }>("SELECT status, count(*)::int AS n FROM email_recipients WHERE campaign_id = $1 GROUP BY status", [id]);
    expect(rows).toEqual([{ status: "sent", n: RECIPIENTS }]);
    // Who sent: the claimer's name starts with the sending process's pid.
    const { rows: senders } = await db.query<{ pid: string; n: number }>(
      "SELECT split_part(claimed_by, '-', 1) AS pid, count(*)::int AS n FROM email_recipients WHERE campaign_id = $1 GROUP BY 1",
      [id],
    );
    expect(senders.map((s) => Number(s.pid)).sort()).toEqual(servers.map((s) => s.pid).sort());
  } finally {
    for (const s of servers) s.kill("SIGTERM");
    await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once("exit", r)))));
    await db.end().catch(() => undefined);
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    await smtp.close();
  }
});
