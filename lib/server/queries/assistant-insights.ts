import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { APP_TIME_ZONE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";

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

/** The scope's messages of the range, as two index range scans (own chat; shares) rather than one filter over all. */
function scoped(scope: InsightsScope, range: InsightsRange, alias: string, extra: SQL = sql`TRUE`): SQL {
  const m = sql.raw(alias);
  const from = sql`(${range.from}::date)::timestamp AT TIME ZONE ${tz}`;
  const to = sql`(${range.to}::date + 1)::timestamp AT TIME ZONE ${tz}`;
  const own = scope.isDefault
    ? sql`(${m}.assistant_id = ${scope.assistantId} OR ${m}.assistant_id IS NULL)`
    : sql`${m}.assistant_id = ${scope.assistantId}`;
  const parts = [sql`SELECT ${m}.* FROM messages ${m} WHERE ${m}.owner_id = ${scope.ownerId} AND ${m}.shared_assistant_id IS NULL AND ${own} AND ${m}.created_at >= ${from} AND ${m}.created_at < ${to} AND ${extra}`];
  if (scope.sharedAssistantIds.length > 0) {
    const ids = sql.join(scope.sharedAssistantIds.map((id) => sql`${id}`), sql`, `);
    parts.push(sql`SELECT ${m}.* FROM messages ${m} WHERE ${m}.shared_assistant_id IN (${ids}) AND ${m}.created_at >= ${from} AND ${m}.created_at < ${to} AND ${extra}`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

export interface InsightsDay {
  day: string;
  conversations: number;
  messages: number;
  visitors: number;
  replies: number;
  unanswered: number;
}

/** Per day with any message: conversations and visitors active that day, messages, replies and how many did not answer. */
export async function insightsByDay(scope: InsightsScope, range: InsightsRange): Promise<InsightsDay[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT to_char(s.created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day,
      count(DISTINCT coalesce(s.shared_assistant_id, '') || ':' || coalesce(s.guest_user_id, s.registered_user_id, s.owner_id, ''))::int AS conversations,
      count(*)::int AS messages,
      count(DISTINCT coalesce(s.guest_user_id, s.registered_user_id, s.owner_id, ''))::int AS visitors,
      (count(*) FILTER (WHERE s.role = 'assistant' AND NOT s.is_error))::int AS replies,
      (count(*) FILTER (WHERE s.answer_signal = 'not_answered'))::int AS unanswered
    FROM (${scoped(scope, range, "m")}) s
    GROUP BY 1 ORDER BY 1`);
  return rowsOf<InsightsDay>(result);
}

export interface AskedQuestion {
  content: string;
  count: number;
  /** The latest time it was asked, and where. */
  latestId: string;
}

/** The questions asked most, word for word (rewordings are joined by the caller), at most `limit`. */
export async function mostAskedQuestions(scope: InsightsScope, range: InsightsRange, limit: number): Promise<AskedQuestion[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT s.content, count(*)::int AS count, (array_agg(s.id ORDER BY s.created_at DESC))[1] AS "latestId"
    FROM (${scoped(scope, range, "m", sql`m.role = 'user' AND m.image_data IS NULL`)}) s
    GROUP BY s.content ORDER BY count(*) DESC, max(s.created_at) DESC LIMIT ${limit}`);
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

/** The latest replies that did not answer, or that their reader thumbed down, at most `limit`. */
export async function insightReplies(scope: InsightsScope, range: InsightsRange, kind: "unanswered" | "thumbs_down", limit: number): Promise<InsightReply[]> {
  const db = await getDb();
  const which = kind === "unanswered" ? sql`m.answer_signal = 'not_answered'` : sql`m.rating = 'down'`;
  const result = await db.execute(sql`
    SELECT s.id, s.created_at AS "createdAt", q.content AS question, s.content AS reply, s.rating, s.rating_comment AS "ratingComment",
      s.answer_signal AS "answerSignal", s.shared_assistant_id AS "sharedAssistantId", s.guest_user_id AS "guestUserId", s.registered_user_id AS "registeredUserId"
    FROM (${scoped(scope, range, "m", which)} ORDER BY created_at DESC LIMIT ${limit}) s
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
