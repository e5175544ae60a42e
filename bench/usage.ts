// npm run bench:usage [-- --rows 1000000 --runs 20 --database-url postgres://…]
// The API-usage screen at scale: api_usage filled with 1,000,000 calls over 90 days (200 users,
// each with an assistant, 50 shares, 40 API keys, 4 models) through the product's own insert path (the rollup triggers included), then
// every view of the screen (totals and days plus one breakdown page, per dimension) timed for the
// last 30 and 90 days, beside a plain count(*) over the same rows in the same run. On the embedded
// database, and on PostgreSQL when --database-url, BENCH_DATABASE_URL or TEST_DATABASE_URL names a
// server (a fresh database is made there and dropped afterwards). Also: one call's insert with and
// without the rollup triggers, and the same views read from api_usage without the rollup.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchPostgres } from "../scripts/scratch-postgres";
import { parseArgs, round } from "./lib/eval-set";
import { stats, timed } from "./lib/timed-runs";

const args = parseArgs(process.argv.slice(2));
const ROWS = Math.max(10_000, Math.min(5_000_000, Number(args.get("rows") || 1_000_000)));
const RUNS = Math.max(3, Math.min(200, Number(args.get("runs") || 20)));
const DAYS = 90;
const USERS = 200;
const SHARES = 50;
const KEYS = 40;
const BATCH = 50_000;
const TARGET_P95_MS = 300;
const serverUrl = args.get("database-url") || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "";

const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-usage-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";

const { openDatabase, setDatabase, getDb } = await import("@/lib/server/db/client");
const { sql } = await import("drizzle-orm");
const { buildUsageReport, reportRange } = await import("@/lib/server/use-cases/build-usage-report");
const { usageBreakdown, usageByDay } = await import("@/lib/server/queries/usage-report");
const { recordApiUsage } = await import("@/lib/server/queries/api-usage");
const { usageReportQuerySchema } = await import("@/lib/schemas/usage-report");
const { USAGE_DIMENSIONS, USAGE_PAGE_SIZE } = await import("@/lib/usage-report");


async function run(database: "pglite" | "postgres", url?: string) {
  const handle = await openDatabase(url ? { url } : { dataDir });
  setDatabase(handle);
  const db = await getDb();
  const exec = (query: ReturnType<typeof sql>) => db.execute(query);

  // 200 users, 50 shares owned by 20 of them.
  await exec(sql`SELECT setseed(0.42)`);
  await exec(sql`
    INSERT INTO users (email, display_name, referral_code)
    SELECT 'bench-user-' || i || '@example.com', 'Bench user ' || i, 'BENCH' || lpad(i::text, 5, '0') FROM generate_series(1, ${USERS}) i`);
  await exec(sql`
    INSERT INTO shared_assistants (share_id, owner_id, name, role_prompt)
    SELECT 'bench-share-' || i, (SELECT id FROM users WHERE email = 'bench-user-' || (1 + i % 20) || '@example.com'), 'Bench share ' || i, ''
    FROM generate_series(1, ${SHARES}) i`);
  // One assistant per user; 40 API keys on the assistants of the first 20 users.
  await exec(sql`
    INSERT INTO assistants (owner_id, name) SELECT id, 'Bench assistant ' || email FROM users WHERE email LIKE 'bench-user-%'`);
  await exec(sql`
    INSERT INTO api_keys (id, owner_id, assistant_id, name, secret_hash)
    SELECT lpad(to_hex(i), 16, '0'), a.owner_id, a.id, 'Bench key ' || i, repeat('0', 64)
    FROM generate_series(1, ${KEYS}) i
    JOIN users u ON u.email = 'bench-user-' || (1 + i % 20) || '@example.com'
    JOIN assistants a ON a.owner_id = u.id`);

  // The calls: 40 % owners' chat, 5 % programs with an API key, 35 % share visitors' chat,
  // suggestions, opening questions and image analyses (chat calls name their assistant); on shares three visitors in four are guests. The chat model changed halfway
  // (gpt-4o-mini, then gpt-4.1-mini), images go to gpt-4o, 8 % fell back to the offline model.
  // Latencies are log-normal around 1.2 s (the offline model: tens of ms), 3 % of calls fail.
  const fillStarted = performance.now();
  for (let done = 0; done < ROWS; done += BATCH) {
    const count = Math.min(BATCH, ROWS - done);
    await exec(sql`
      WITH ids AS (
        SELECT (SELECT array_agg(id ORDER BY email) FROM users WHERE email LIKE 'bench-user-%') AS users,
               (SELECT array_agg(id ORDER BY share_id) FROM shared_assistants WHERE share_id LIKE 'bench-share-%') AS shares,
               (SELECT array_agg(a.id ORDER BY u.email) FROM assistants a JOIN users u ON u.id = a.owner_id WHERE u.email LIKE 'bench-user-%') AS assistants,
               (SELECT array_agg(id ORDER BY id) FROM api_keys) AS keys,
               (SELECT array_agg(assistant_id ORDER BY id) FROM api_keys) AS key_assistants
      ), picks AS (
        SELECT random() AS kind, random() AS who, random() AS share_pick, random() AS user_pick, random() AS fallback,
               random() AS tokens_in, random() AS tokens_out, random() + random() + random() AS spread, random() AS failure,
               now() - random() * interval '${sql.raw(String(DAYS))} days' AS at
        FROM generate_series(1, ${count})
      ), calls AS (
        SELECT p.*,
          CASE WHEN kind < 0.40 THEN '/api/messages' WHEN kind < 0.45 THEN '/api/v1/chat/completions' WHEN kind < 0.80 THEN '/api/shared-assistants/messages'
               WHEN kind < 0.90 THEN '/api/ai-suggestions' WHEN kind < 0.95 THEN '/api/initial-questions' ELSE '/api/analyze-image' END AS route,
          (kind >= 0.45 AND kind < 0.80) OR (kind >= 0.80 AND share_pick < 0.4) AS on_share
        FROM picks p
      )
      INSERT INTO api_usage (provider, model, route, user_id, shared_assistant_id, api_key_id, assistant_id, input_tokens, output_tokens, latency_ms, outcome, error_message, created_at)
      SELECT
        CASE WHEN fallback < 0.08 THEN 'offline' ELSE 'openai-compatible' END,
        CASE WHEN fallback < 0.08 THEN 'docchat-offline-1' WHEN route = '/api/analyze-image' THEN 'gpt-4o'
             WHEN at < now() - interval '45 days' THEN 'gpt-4o-mini' ELSE 'gpt-4.1-mini' END,
        route,
        CASE WHEN on_share AND who < 0.75 THEN NULL ELSE ids.users[1 + floor(user_pick * ${USERS})::int] END,
        CASE WHEN on_share THEN ids.shares[1 + floor(share_pick * ${SHARES})::int] END,
        CASE WHEN route = '/api/v1/chat/completions' THEN ids.keys[1 + floor(share_pick * ${KEYS})::int] END,
        CASE WHEN route = '/api/v1/chat/completions' THEN ids.key_assistants[1 + floor(share_pick * ${KEYS})::int]
             WHEN route IN ('/api/messages', '/api/shared-assistants/messages') THEN ids.assistants[1 + floor(user_pick * ${USERS})::int] END,
        300 + floor(tokens_in * 3000)::int,
        50 + floor(tokens_out * 700)::int,
        CASE WHEN fallback < 0.08 THEN 5 + floor(spread * 20)::int ELSE floor(exp(ln(1200) + 0.6 * (spread - 1.5) * 2))::int END,
        CASE WHEN failure < 0.02 THEN 'error' WHEN failure < 0.027 THEN 'timeout' WHEN failure < 0.03 THEN 'rate_limited' ELSE 'ok' END,
        CASE WHEN failure < 0.03 THEN 'bench failure' END,
        at
      FROM calls, ids`);
  }
  const fillSeconds = round((performance.now() - fillStarted) / 1000, 1);
  await exec(sql`ANALYZE`);
  const counted = (await exec(sql`SELECT count(*)::int AS n FROM api_usage`)) as unknown as { rows: { n: number }[] };
  const rolled = (await exec(sql`SELECT grain || ' ' || dimension AS kind, count(*)::int AS n FROM api_usage_rollup GROUP BY 1 ORDER BY 1`)) as unknown as {
    rows: { kind: string; n: number }[];
  };

  const countStar = await timed(RUNS, () => exec(sql`SELECT count(*) FROM api_usage`));
  const countMs = stats(countStar);

  // Every view of the screen: the totals and days plus the first page of one breakdown.
  const views = [];
  for (const days of [30, 90] as const) {
    const range = `${days}d` as const;
    const variants = [...USAGE_DIMENSIONS.map((dimension) => ({ dimension, sort: "calls" as const })), { dimension: "user" as const, sort: "p95" as const }];
    for (const { dimension, sort } of variants) {
      const query = usageReportQuerySchema.parse({ range, dimension, sort, dir: "desc" });
      const report = await buildUsageReport(query);
      const samples = await timed(RUNS, () => buildUsageReport(query));
      const s = stats(samples);
      views.push({
        days,
        dimension,
        sort,
        calls: report.totals.calls,
        groups: report.breakdown.total,
        latency: report.latency,
        ms: s,
        p95OverCountP50: round(s.p95 / countMs.p50, 2),
      });
    }
  }

  // The same views read from api_usage itself (what the rollup saves), a few runs each.
  const withoutRollup = [];
  for (const days of [30, 90] as const) {
    for (const dimension of ["model", "user"] as const) {
      const { range } = await reportRange({ range: `${days}d` });
      const samples = await timed(3, () =>
        Promise.all([
          usageByDay({ range, source: "raw" }),
          usageBreakdown({ range, source: "raw", dimension, sort: "calls", dir: "desc", limit: USAGE_PAGE_SIZE, offset: 0 }),
        ]),
      );
      withoutRollup.push({ days, dimension, ms: stats(samples) });
    }
  }

  // One call's insert: through recordApiUsage (the triggers), and into a copy of the table without them.
  await exec(sql`CREATE TABLE bench_plain_usage (LIKE api_usage INCLUDING DEFAULTS INCLUDING INDEXES)`);
  const entry = { provider: "openai-compatible", model: "gpt-4.1-mini", route: "/api/messages", userId: null, inputTokens: 1200, outputTokens: 300, latencyMs: 900, outcome: "ok" as const };
  const withRollup = await timed(200, () => recordApiUsage(entry));
  const plain = await timed(200, () =>
    exec(sql`INSERT INTO bench_plain_usage (provider, model, route, input_tokens, output_tokens, latency_ms, outcome) VALUES ('openai-compatible', 'gpt-4.1-mini', '/api/messages', 1200, 300, 900, 'ok')`),
  );

  await handle.close();
  setDatabase(undefined);
  const worstP95 = Math.max(...views.map((v) => v.ms.p95));
  return {
    database,
    rows: counted.rows[0].n,
    fillSeconds,
    rollupRows: Object.fromEntries(rolled.rows.map((r) => [r.kind, r.n])),
    countStarMs: countMs,
    views,
    target: { everyViewP95Ms: TARGET_P95_MS, worstViewP95Ms: worstP95, met: worstP95 <= TARGET_P95_MS },
    withoutRollupMs: withoutRollup,
    insertOneCallMs: { withRollupTriggers: stats(withRollup), withoutTriggers: stats(plain) },
  };
}

const results = [await run("pglite")];
rmSync(dataDir, { recursive: true, force: true });

if (serverUrl) {
  const scratch = await createScratchPostgres(serverUrl, "bench_usage");
  try {
    results.push(await run("postgres", scratch.url));
  } finally {
    await scratch.drop();
  }
}

console.log(JSON.stringify({ bench: "usage", rows: ROWS, days: DAYS, users: USERS, shares: SHARES, apiKeys: KEYS, models: 4, runs: RUNS, results }, null, 2));
