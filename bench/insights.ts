// npm run bench:insights [-- --rows 1000000 --runs 20 --database-url postgres://…]
// An assistant's insights screen at scale: 1,000,000 messages behind one owner (one assistant, its
// own chat and five shares, 20,000 guests; 90 days; a fifth of the replies unanswered, 2 % thumbed
// down) written straight into the messages table (its triggers keeping the insights' rollup), then the screen's queries (the whole screen, and
// each of its queries) timed for the last 30 and 90 days, beside a plain count(*) over the same rows
// in the same run. On the embedded database, and on PostgreSQL when --database-url,
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a scratch database, dropped afterwards).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchPostgres } from "../scripts/scratch-postgres";
import { stats, timed } from "./lib/timed-runs";
import { allowServerOnlyImports, parseArgs, round } from "./lib/eval-set";

const args = parseArgs(process.argv.slice(2));
const ROWS = Math.max(10_000, Math.min(5_000_000, Number(args.get("rows") || 1_000_000)));
const RUNS = Math.max(3, Math.min(200, Number(args.get("runs") || 20)));
const DAYS = 90;
const SHARES = 5;
const GUESTS = 20_000;
const QUESTIONS = 300;
const BATCH = 100_000;
const TARGET_P95_MS = 300;
const serverUrl = args.get("database-url") || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "";

const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-insights-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
// Not run with the react-server condition: the assistant's default name comes through the translations, which import React's client build.
allowServerOnlyImports();

const { openDatabase, setDatabase, getDb } = await import("@/lib/server/db/client");
const { sql } = await import("drizzle-orm");
const { createUser } = await import("@/lib/server/queries/users");
const { defaultAssistant } = await import("@/lib/server/queries/assistants");
const { createShare } = await import("@/lib/server/queries/shared-assistants");
const { readInsights } = await import("@/lib/server/use-cases/read-insights");
const { guestVisitorNumbers, insightReplies, insightsByDay, mostAskedQuestions, sharesOfAssistant } = await import("@/lib/server/queries/assistant-insights");
const { resolveUsageRange } = await import("@/lib/usage-report");
const { calendarDay } = await import("@/lib/checkin-streak");
const { INSIGHTS_LIST_LIMIT, INSIGHTS_QUESTION_CANDIDATES } = await import("@/lib/constants");


async function run(database: "pglite" | "postgres", url?: string) {
  const handle = await openDatabase(url ? { url } : { dataDir });
  setDatabase(handle);
  const db = await getDb();
  const exec = (query: ReturnType<typeof sql>) => db.execute(query);

  const owner = (await createUser({ email: "bench-owner@example.com", displayName: "Bench owner", role: "admin" }))!;
  const assistant = await defaultAssistant(owner.id);
  for (let i = 0; i < SHARES; i++) await createShare({ ownerId: owner.id, assistantId: assistant.id, name: `Bench share ${i}`, rolePrompt: "", includeDocuments: true });
  const shares = await sharesOfAssistant(assistant.id);
  await exec(sql`SELECT setseed(0.38)`);
  await exec(sql`
    INSERT INTO guest_sessions (session_id, shared_assistant_id, browser_key_hash)
    SELECT 'bench-session-' || i, (SELECT array_agg(id ORDER BY share_id) FROM shared_assistants WHERE assistant_id = ${assistant.id})[1 + i % ${SHARES}], 'x'
    FROM generate_series(1, ${GUESTS}) i`);

  // Exchanges (a question and its reply): a fifth in the owner's own chat, the rest guests on the
  // shares; questions drawn from a pool, the popular ones far more often (rewordings of one
  // question every so often); a fifth of the replies unanswered, 2 % thumbed down with a comment.
  const fillStarted = performance.now();
  const exchanges = Math.floor(ROWS / 2);
  for (let done = 0; done < exchanges; done += BATCH) {
    const count = Math.min(BATCH, exchanges - done);
    await exec(sql`
      WITH guests AS (SELECT array_agg(id ORDER BY session_id) AS ids, array_agg(shared_assistant_id ORDER BY session_id) AS shares FROM guest_sessions),
      picks AS (
        SELECT ${done} + g AS n, random() AS own, 1 + floor(random() * ${GUESTS})::int AS guest, floor(power(random(), 3) * ${QUESTIONS})::int AS topic,
               random() AS reworded, random() AS signal, random() AS vote, now() - random() * interval '${sql.raw(String(DAYS))} days' AS at
        FROM generate_series(1, ${count}) g
      ), exchanges AS (
        SELECT p.*, p.own < 0.2 AS mine, guests.ids[p.guest] AS guest_id, guests.shares[p.guest] AS share_id FROM picks p, guests
      )
      INSERT INTO messages (id, owner_id, assistant_id, shared_assistant_id, guest_user_id, session_id, role, content, created_at, answer_signal, rating, rating_comment, reply_to)
      SELECT 'q' || n, CASE WHEN mine THEN ${owner.id} END, CASE WHEN mine THEN ${assistant.id} END, CASE WHEN NOT mine THEN share_id END,
             CASE WHEN NOT mine THEN guest_id END, CASE WHEN NOT mine THEN 'bench-session' END, 'user',
             CASE WHEN reworded < 0.1 THEN '請問第 ' || topic || ' 號公告的收費標準是多少' ELSE '第 ' || topic || ' 號公告的收費標準是多少？' END,
             at, NULL, NULL, NULL, NULL
      FROM exchanges
      UNION ALL
      SELECT 'r' || n, CASE WHEN mine THEN ${owner.id} END, CASE WHEN mine THEN ${assistant.id} END, CASE WHEN NOT mine THEN share_id END,
             CASE WHEN NOT mine THEN guest_id END, CASE WHEN NOT mine THEN 'bench-session' END, 'assistant',
             '依公告第 ' || topic || ' 號，收費標準如下 [1]。', at + interval '1 millisecond',
             CASE WHEN signal < 0.2 THEN 'not_answered' WHEN signal < 0.35 THEN 'weak' ELSE 'answered' END,
             CASE WHEN vote < 0.02 THEN 'down' WHEN vote < 0.1 THEN 'up' END,
             CASE WHEN vote < 0.02 THEN '沒有回答到問題' END, 'q' || n
      FROM exchanges`);
  }
  const fillSeconds = round((performance.now() - fillStarted) / 1000, 1);
  await exec(sql`ANALYZE`);
  const total = (await exec(sql`SELECT count(*)::int AS n FROM messages`)) as unknown as { rows: { n: number }[] };
  // The rollup the screen reads (kept by triggers on messages as the rows went in).
  const rolled = (await exec(
    sql`SELECT (SELECT count(*) FROM insight_days)::int AS days, (SELECT count(*) FROM insight_visitors)::int AS visitors, (SELECT count(*) FROM insight_questions)::int AS questions`,
  )) as unknown as { rows: { days: number; visitors: number; questions: number }[] };

  const scope = { ownerId: owner.id, assistantId: assistant.id, isDefault: true, sharedAssistantIds: shares.map((s) => s.id) };
  const ids = sql.join(scope.sharedAssistantIds.map((id) => sql`${id}`), sql`, `);
  const views = [];
  for (const days of [30, 90] as const) {
    const range = resolveUsageRange(`${days}d`, calendarDay(new Date()));
    const from = sql`(${range.from}::date)::timestamp AT TIME ZONE 'Asia/Taipei'`;
    const to = sql`(${range.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Taipei'`;
    // The baseline: a plain count(*) over the same rows.
    const countStar = stats(
      await timed(RUNS, () =>
        exec(sql`SELECT count(*) FROM messages WHERE ((owner_id = ${owner.id} AND shared_assistant_id IS NULL) OR shared_assistant_id IN (${ids})) AND created_at >= ${from} AND created_at < ${to}`),
      ),
    );
    const listed = await insightReplies(scope, range, "unanswered", INSIGHTS_LIST_LIMIT);
    const listedGuests = [...new Set(listed.flatMap((r) => (r.guestUserId ? [r.guestUserId] : [])))];
    const screen = await readInsights({ user: owner, assistantId: assistant.id, query: { range: `${days}d` }, locale: "zh-TW" });
    const whole = stats(await timed(RUNS, () => readInsights({ user: owner, assistantId: assistant.id, query: { range: `${days}d` }, locale: "zh-TW" })));
    const queries = {
      byDay: stats(await timed(RUNS, () => insightsByDay(scope, range))),
      mostAsked: stats(await timed(RUNS, () => mostAskedQuestions(scope, range, INSIGHTS_QUESTION_CANDIDATES))),
      unanswered: stats(await timed(RUNS, () => insightReplies(scope, range, "unanswered", INSIGHTS_LIST_LIMIT))),
      thumbsDown: stats(await timed(RUNS, () => insightReplies(scope, range, "thumbs_down", INSIGHTS_LIST_LIMIT))),
      // The rows' guests as "visitor N": a numbering over every guest of the assistant's shares.
      visitorNumbers: stats(await timed(RUNS, () => guestVisitorNumbers(scope.sharedAssistantIds, listedGuests))),
    };
    views.push({
      days,
      messages: screen.totals.messages,
      topQuestion: screen.topQuestions[0] && { count: screen.topQuestions[0].count, rewordings: screen.topQuestions[0].rewordings.length },
      countStarMs: countStar,
      screenMs: whole,
      queriesMs: queries,
      screenP95OverCountP95: round(whole.p95 / countStar.p95, 2),
    });
  }
  await handle.close();
  setDatabase(undefined);
  const worstP95 = Math.max(...views.map((v) => v.screenMs.p95));
  return { database, rows: total.rows[0].n, rollupRows: rolled.rows[0], fillSeconds, views, target: { screenP95Ms: TARGET_P95_MS, worstScreenP95Ms: worstP95, met: worstP95 <= TARGET_P95_MS } };
}

const results = [await run("pglite")];
rmSync(dataDir, { recursive: true, force: true });
if (serverUrl) {
  const scratch = await createScratchPostgres(serverUrl, "bench_insights");
  try {
    results.push(await run("postgres", scratch.url));
  } finally {
    await scratch.drop();
  }
}
console.log(JSON.stringify({ bench: "insights", rows: ROWS, days: DAYS, shares: SHARES, guests: GUESTS, runs: RUNS, results }, null, 2));
