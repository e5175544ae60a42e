// npm run bench:email [-- --recipients 10000 --port N]
// A campaign to 10,000 recipients (docs/rules/email.md#sending): the production server on a fresh embedded database
// (or BENCH_DATABASE_URL) sends it, throttle off, to a local SMTP server, through the whole path:
// recipients written at the start, claimed in batches, each message handed over and recorded.
// Beside it, in the same run and to the same SMTP server, a bare nodemailer loop with the same
// pool settings and no database. Prints messages/s of both, the ratio (target ≥ 0.5), the server's
// peak memory, and duplicates and missing recipients (must be 0 and 0). Asserts nothing on speed;
// exits non-zero on a duplicate or a missing recipient.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { EMAIL_SMTP_CONNECTIONS } from "../lib/constants.ts";
import { BENCH_MARKDOWN, BENCH_SUBJECT } from "./lib/campaign-message";
import { CookieJar } from "./lib/cookie-jar";
import { parseArgs, round } from "./lib/eval-set";
import { sampleGroupMemory } from "./lib/group-memory";
import { freePort, serveApp, sleep, type ServedApp } from "./lib/serve-app";
import { startSmtpSink } from "./lib/smtp-sink";

const TARGET_RATIO = 0.5;
const POLL_MS = 200;
const CAMPAIGN_TIMEOUT_MS = 30 * 60_000;

const root = path.resolve(import.meta.dirname, "..");
const args = parseArgs(process.argv.slice(2));
const recipients = Number(args.get("recipients") || 10_000);
if (!(recipients >= 1 && recipients <= 1_000_000)) {
  console.error("usage: npm run bench:email -- [--recipients 1..1000000] [--port N]");
  process.exit(2);
}

const sink = await startSmtpSink();
const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-email-"));
process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
const port = Number(args.get("port")) || (await freePort());
const serverEnv = { DATA_DIR: dataDir, LOG_LEVEL: "warn", SMTP_URL: sink.url, MAIL_FROM: "news@example.com" };
const databaseUrl = process.env.BENCH_DATABASE_URL;

/** The recipients, written straight into the database (10,000 registrations would measure argon2). */
async function seedRecipients(server: ServedApp): Promise<ServedApp> {
  const insert = `INSERT INTO users (email, display_name, referral_code)
    SELECT 'reader-' || i || '@example.com', 'Reader ' || i, 'BENCH' || lpad(i::text, 8, '0') FROM generate_series(1, ${recipients}) AS i`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(insert);
    await client.end();
    return server;
  }
  // The embedded database belongs to one process at a time: stop the server, write, start again.
  await server.stop();
  const db = new PGlite(path.join(dataDir, "pgdata"));
  await db.query(insert);
  await db.close();
  return serveApp({ port, env: serverEnv });
}

/** The baseline, in a child process (never spawnSync: the sink lives in this process's event loop). */
async function bareLoop(): Promise<{ seconds: number; messagesPerSecond: number }> {
  const tsx = path.join(root, "node_modules/.bin/tsx");
  const child = spawn(tsx, [path.join(root, "bench/lib/bare-loop.ts"), String(sink.port), String(recipients), String(EMAIL_SMTP_CONNECTIONS)], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the bare loop failed: ${stderr}`);
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

let server = await serveApp({ port, env: serverEnv });
try {
  const base = server.baseUrl;
  const jar = new CookieJar();
  const headers = () => ({ origin: base, cookie: jar.header(), "content-type": "application/json" });
  const setup = await fetch(`${base}/api/trial-setup`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ email: "bench-admin@example.com", password: "bench-admin-1", displayName: "Bench" }),
  });
  if (setup.status !== 201) throw new Error(`setup answered ${setup.status}`);
  jar.absorb(setup.headers.getSetCookie());
  server = await seedRecipients(server);

  // The baseline first, to a server nobody else is writing to.
  const bare = await bareLoop();
  const bareDuplicates = [...sink.counts.values()].filter((n) => n > 1).length;
  sink.reset();

  const created = await fetch(`${base}/api/email/campaigns`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ subject: BENCH_SUBJECT, bodyMarkdown: BENCH_MARKDOWN, audience: { role: "user" }, ratePerMinute: 0 }),
  });
  if (created.status !== 201) throw new Error(`creating the campaign answered ${created.status}`);
  const { id } = (await created.json()) as { id: string };

  const memory = sampleGroupMemory(server.pgid);
  const started = performance.now();
  const sent = await fetch(`${base}/api/email/campaigns/${id}/send`, { method: "POST", headers: headers(), body: "{}" });
  if (!sent.ok) throw new Error(`starting the campaign answered ${sent.status}`);
  const { total } = (await sent.json()) as { total: number };
  const startedAnswerMs = performance.now() - started;
  let status = "";
  const deadline = Date.now() + CAMPAIGN_TIMEOUT_MS;
  while (status !== "done" && Date.now() < deadline) {
    await sleep(POLL_MS);
    const res = await fetch(`${base}/api/email/campaigns/${id}`, { headers: { cookie: jar.header() } });
    status = ((await res.json()) as { status: string }).status;
  }
  const doneMs = performance.now() - started;
  const mem = memory.stop();

  const expected = Array.from({ length: recipients }, (_, i) => `reader-${i + 1}@example.com`);
  const duplicates = expected.filter((e) => (sink.counts.get(e) ?? 0) > 1).length;
  const missing = expected.filter((e) => !sink.counts.has(e)).length;
  // From the start request to the last message at the server: writing the recipients included.
  const campaignSeconds = (sink.lastAt() - started) / 1_000;
  const campaignRate = sink.total() / campaignSeconds;
  console.log(
    JSON.stringify(
      {
        benchmark: "email",
        database: databaseUrl ? "postgres" : "pglite",
        recipients,
        smtpConnections: EMAIL_SMTP_CONNECTIONS,
        campaign: {
          status,
          recipientsWritten: total,
          startAnsweredMs: round(startedAnswerMs, 0),
          seconds: round(campaignSeconds, 2),
          secondsUntilDoneSeen: round(doneMs / 1_000, 2),
          messagesPerSecond: round(campaignRate, 1),
          duplicates,
          missing,
          serverPeakMemoryMB: round(mem.peakBytes / 2 ** 20, 0),
          serverMemoryBeforeMB: round(mem.startBytes / 2 ** 20, 0),
        },
        bareNodemailer: { seconds: round(bare.seconds, 2), messagesPerSecond: round(bare.messagesPerSecond, 1), duplicates: bareDuplicates },
        ratio: round(campaignRate / bare.messagesPerSecond, 2),
        target: { ratio: TARGET_RATIO, met: campaignRate / bare.messagesPerSecond >= TARGET_RATIO, duplicatesAndMissing: "0/0" },
      },
      null,
      2,
    ),
  );
  if (duplicates > 0 || missing > 0 || status !== "done") process.exitCode = 1;
} finally {
  await server.stop();
  await sink.close();
}
