import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { APP_TIME_ZONE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { rollupSpans } from "@/lib/usage-report";

// What an assistant's visitors asked and how it answered, over a range of the product's days:
// its owner's own chat with it and every share of it (ended ones too: their conversations stay).
// Public-mode shares keep no messages, so they are not here.

/** Whose messages: the owner's own chat with the assistant (the default one also has the messages from before assistants) and its shares'. */
export interface InsightsScope {
  ownerId: string;
  assistantId: string;
  isDefault: boolean;
  sharedAssistantIds: readonly string[];
}

export interface InsightsRange {
  from: string;
  to: string;
}

// Both drivers answer a raw statement with its rows under `rows`.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tz = APP_TIME_ZONE;

const fromOf = (range: InsightsRange) => sql`(${range.from}::date)::timestamp AT TIME ZONE ${tz}`;
const toOf = (range: InsightsRange) => sql`(${range.to}::date + 1)::timestamp AT TIME ZONE ${tz}`;

/**
 * The scope's rows of one rollup table over the range's days (see insight_days in schema.ts): its
 * own-chat rows (the default assistant's include those from before assistants) and its shares'.
 */
function rolled(scope: InsightsScope, range: InsightsRange, table: "insight_days" | "insight_visitors", extra: SQL = sql`TRUE`): SQL {
  return rolledRows(scope, table, sql`day BETWEEN ${range.from}::date AND ${range.to}::date AND ${extra}`);
}

/** The scope's rows of a rollup table that meet `days`. */
function rolledRows(scope: InsightsScope, table: "insight_days" | "insight_visitors" | "insight_questions", days: SQL): SQL {
  const t = sql.raw(table);
  const assistants = scope.isDefault ? sql`${scope.assistantId}, ''` : sql`${scope.assistantId}`;
  const parts = [sql`SELECT * FROM ${t} WHERE shared_assistant_id = '' AND owner_id = ${scope.ownerId} AND assistant_id IN (${assistants}) AND ${days}`];
  if (scope.sharedAssistantIds.length > 0) {
    const ids = sql.join(scope.sharedAssistantIds.map((id) => sql`${id}`), sql`, `);
    parts.push(sql`SELECT * FROM ${t} WHERE shared_assistant_id IN (${ids}) AND owner_id = '' AND assistant_id = '' AND ${days}`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

/**
 * The places the scope's messages are kept, each as its own statement over `messages` (so each reads
 * its own index): the own chat (the default assistant's from before assistants apart) and each share.
 */
function places(scope: InsightsScope, alias: string): SQL[] {
  const m = sql.raw(alias);
  // As the own chat's partial indexes have it: an equality reads them newest first, IS NULL would not.
  const own = (assistantId: string) => sql`${m}.owner_id = ${scope.ownerId} AND ${m}.shared_assistant_id IS NULL AND coalesce(${m}.assistant_id, '') = ${assistantId}`;
  return [own(scope.assistantId), ...(scope.isDefault ? [own("")] : []), ...scope.sharedAssistantIds.map((id) => sql`${m}.shared_assistant_id = ${id}`)];
}

export interface InsightsDay {
  day: string;
  conversations: number;
  messages: number;
  visitors: number;
  replies: number;
  unanswered: number;
}

/**
 * Per day with any message: conversations and visitors active that day, messages, replies and how
 * many did not answer; from the daily rollup. A guest belongs to one share, so guests (each one
 * conversation) add up across places; signed-in visitors and the owner are counted distinct.
 */
export async function insightsByDay(scope: InsightsScope, range: InsightsRange): Promise<InsightsDay[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(conversations)::int AS conversations, sum(messages)::int AS messages, sum(visitors)::int AS visitors,
      sum(replies)::int AS replies, sum(unanswered)::int AS unanswered
    FROM (
      SELECT d.day, d.guest_visitors AS conversations, d.messages, d.guest_visitors AS visitors, d.replies, d.unanswered FROM (${rolled(scope, range, "insight_days")}) d
      UNION ALL
      SELECT v.day, count(DISTINCT (v.shared_assistant_id, v.visitor)), 0, count(DISTINCT v.visitor), 0, 0 FROM (${rolled(scope, range, "insight_visitors", sql`NOT guest`)}) v GROUP BY v.day
    ) s
    GROUP BY 1 HAVING sum(messages) > 0 ORDER BY 1`);
  return rowsOf<InsightsDay>(result);
}

/** The question rows that make up a range: whole weeks from the week rows, the days around them from the day rows. */
function questionSpans(range: InsightsRange): SQL[] {
  const spans = rollupSpans(range);
  const parts = spans.days.map(([from, to]) => sql`grain = 'day' AND day BETWEEN ${from}::date AND ${to}::date`);
  if (spans.weeks) parts.push(sql`grain = 'week' AND day BETWEEN ${spans.weeks[0]}::date AND ${spans.weeks[1]}::date`);
  return parts;
}

export interface AskedQuestion {
  content: string;
  count: number;
  /** The latest time it was asked, and where. */
  latestId: string;
}

/**
 * The questions asked most, word for word (rewordings are joined by the caller), at most `limit`:
 * counted from the rollup's rows (one per place, day and wording), their words read for those kept.
 */
export async function mostAskedQuestions(scope: InsightsScope, range: InsightsRange, limit: number): Promise<AskedQuestion[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT m.content, top.count, top."latestId"
    FROM (
      SELECT q.question_hash, sum(q.asked)::int AS count, max(q.latest_at) AS latest_at, (array_agg(q.latest_id ORDER BY q.latest_at DESC))[1] AS "latestId"
      FROM (${sql.join(
        questionSpans(range).map((days) => rolledRows(scope, "insight_questions", days)),
        sql` UNION ALL `,
      )}) q
      GROUP BY q.question_hash ORDER BY sum(q.asked) DESC, max(q.latest_at) DESC LIMIT ${limit}
    ) top
    JOIN messages m ON m.id = top."latestId"
    ORDER BY top.count DESC, top.latest_at DESC`);
  return rowsOf<AskedQuestion>(result);
}

/** A reply with the question it answered and the conversation it is in. */
export interface InsightReply {
  id: string;
  createdAt: Date;
  question: string | null;
  reply: string;
  rating: "up" | "down" | null;
  ratingComment: string | null;
  answerSignal: "answered" | "weak" | "not_answered" | null;
  sharedAssistantId: string | null;
  guestUserId: string | null;
  registeredUserId: string | null;
}

/**
 * The latest replies that did not answer, or that their reader thumbed down, at most `limit`: the
 * latest `limit` of each place from its partial index (messages_*_unanswered_idx, _thumbs_down_idx), then the latest of those.
 */
export async function insightReplies(scope: InsightsScope, range: InsightsRange, kind: "unanswered" | "thumbs_down", limit: number): Promise<InsightReply[]> {
  const db = await getDb();
  // Written as the partial indexes' predicates, so the planner uses them.
  const which = kind === "unanswered" ? sql`m.answer_signal = 'not_answered'` : sql`m.rating = 'down'`;
  const latest = places(scope, "m").map(
    (place) => sql`(SELECT m.* FROM messages m WHERE ${place} AND ${which} AND m.created_at >= ${fromOf(range)} AND m.created_at < ${toOf(range)} ORDER BY m.created_at DESC LIMIT ${limit})`,
  );
  const result = await db.execute(sql`
    SELECT s.id, s.created_at AS "createdAt", q.content AS question, s.content AS reply, s.rating, s.rating_comment AS "ratingComment",
      s.answer_signal AS "answerSignal", s.shared_assistant_id AS "sharedAssistantId", s.guest_user_id AS "guestUserId", s.registered_user_id AS "registeredUserId"
    FROM (SELECT * FROM (${sql.join(latest, sql` UNION ALL `)}) u ORDER BY created_at DESC LIMIT ${limit}) s
    LEFT JOIN messages q ON q.id = s.reply_to
    ORDER BY s.created_at DESC`);
  return rowsOf<InsightReply & { createdAt: Date | string }>(result).map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

/** Where the given messages are: their share and visitor (none for the owner's own chat). */
export async function messagePlaces(ids: readonly string[]): Promise<Map<string, { sharedAssistantId: string | null; guestUserId: string | null; registeredUserId: string | null }>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT id, shared_assistant_id AS "sharedAssistantId", guest_user_id AS "guestUserId", registered_user_id AS "registeredUserId"
    FROM messages WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rowsOf<{ id: string; sharedAssistantId: string | null; guestUserId: string | null; registeredUserId: string | null }>(result).map((r) => [r.id, r]));
}

/**
 * The number each of the given guests has among the guests of these shares (one assistant's), in
 * the order of their first visit: the same guest keeps their number from one reading to the next.
 */
export async function guestVisitorNumbers(sharedAssistantIds: readonly string[], guestIds: readonly string[]): Promise<Map<string, number>> {
  if (sharedAssistantIds.length === 0 || guestIds.length === 0) return new Map();
  const db = await getDb();
  const shares = sql.join(sharedAssistantIds.map((id) => sql`${id}`), sql`, `);
  const wanted = sql.join(guestIds.map((id) => sql`${id}`), sql`, `);
  const result = await db.execute(sql`
    SELECT id, n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id)::int AS n FROM guest_sessions WHERE shared_assistant_id IN (${shares})) g
    WHERE id IN (${wanted})`);
  return new Map(rowsOf<{ id: string; n: number }>(result).map((r) => [r.id, Number(r.n)]));
}

/** Every share of the assistant, ended ones too, with the id its link carries. */
export async function sharesOfAssistant(assistantId: string): Promise<{ id: string; shareId: string }[]> {
  const db = await getDb();
  const result = await db.execute(sql`SELECT id, share_id AS "shareId" FROM shared_assistants WHERE assistant_id = ${assistantId}`);
  return rowsOf<{ id: string; shareId: string }>(result);
}

/** Sets how many days the assistant's conversations are kept (null: for ever); false when it is not the owner's. */
export async function setRetentionDays(ownerId: string, assistantId: string, days: number | null): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`UPDATE assistants SET retention_days = ${days}, updated_at = now() WHERE id = ${assistantId} AND owner_id = ${ownerId} RETURNING id`);
  return rowsOf<{ id: string }>(result).length > 0;
}

/**
 * Deletes the messages older than their assistant keeps (its own chat and its shares'), as of
 * `now`; the insights, read from the same messages, follow. Returns how many went.
 */
export async function deleteExpiredMessages(now: Date): Promise<number> {
  const db = await getDb();
  const result = await db.execute(sql`
    WITH kept AS (SELECT id, owner_id, is_default, ${now}::timestamptz - retention_days * interval '1 day' AS before FROM assistants WHERE retention_days IS NOT NULL)
    DELETE FROM messages m USING kept a
    WHERE m.created_at < a.before AND (
      (m.owner_id = a.owner_id AND m.shared_assistant_id IS NULL AND (m.assistant_id = a.id OR (a.is_default AND m.assistant_id IS NULL)))
      OR m.shared_assistant_id IN (SELECT s.id FROM shared_assistants s WHERE s.assistant_id = a.id))
    RETURNING m.id`);
  return rowsOf<{ id: string }>(result).length;
}
