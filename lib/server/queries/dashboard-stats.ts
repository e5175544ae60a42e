import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { APP_TIME_ZONE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { ROW_COST } from "./usage-report";

// The admin dashboard's figures. Model calls, tokens and costs come from api_usage_rollup;
// "messages" are the questions put to an assistant (owners' chat and share visitors, counted from
// the model calls of those two routes, so public-mode shares that keep no history count too).

interface Range {
  from: string;
  to: string;
}

export interface DashboardDay {
  day: string;
  newUsers: number;
  activeUsers: number;
  messages: number;
  shareMessages: number;
  uploads: number;
  newShares: number;
  tokens: number;
  cost: number;
}

const tz = APP_TIME_ZONE;
const CHAT = "/api/messages";
const SHARE_CHAT = "/api/shared-assistants/messages";

type Row = Record<string, unknown>;

async function rowsFrom(query: SQL): Promise<Row[]> {
  const db = await getDb();
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** Rows of `table` created within the range's Taipei days, by day. */
function createdPerDay(table: string, range: Range): SQL {
  return sql`SELECT (created_at AT TIME ZONE ${tz})::date AS day, count(*) AS n FROM ${sql.raw(table)}
    WHERE created_at >= (${range.from}::date::timestamp AT TIME ZONE ${tz}) AND created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${tz})
    GROUP BY 1`;
}

/** Users who had an assistant answer them or uploaded a document, as (day, user id) pairs. */
function activeUserDays(range: Range): SQL {
  return sql`SELECT day, key AS user_id FROM api_usage_rollup
      WHERE grain = 'day' AND dimension = 'user' AND key <> '' AND calls > 0 AND day BETWEEN ${range.from}::date AND ${range.to}::date
    UNION
    SELECT (created_at AT TIME ZONE ${tz})::date, user_id FROM documents
      WHERE created_at >= (${range.from}::date::timestamp AT TIME ZONE ${tz}) AND created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${tz})`;
}

/** Every day of the range with its figures (zero where nothing happened). */
export async function dashboardDays(range: Range): Promise<DashboardDay[]> {
  const rows = await rowsFrom(sql`
    WITH usage AS (
      SELECT u.day,
        sum(u.calls) FILTER (WHERE u.key IN (${CHAT}, ${SHARE_CHAT})) AS messages,
        sum(u.calls) FILTER (WHERE u.key = ${SHARE_CHAT}) AS share_messages,
        sum(u.input_tokens + u.output_tokens) AS tokens,
        sum(${ROW_COST}) AS cost
      FROM api_usage_rollup u LEFT JOIN model_prices p ON p.model = u.model
      WHERE u.grain = 'day' AND u.dimension = 'route' AND u.day BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY u.day
    ),
    active AS (SELECT day, count(DISTINCT user_id) AS n FROM (${activeUserDays(range)}) a GROUP BY day),
    signups AS (${createdPerDay("users", range)}),
    uploads AS (${createdPerDay("documents", range)}),
    shares AS (${createdPerDay("shared_assistants", range)})
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
      coalesce(signups.n, 0)::float8 AS new_users, coalesce(active.n, 0)::float8 AS active_users,
      coalesce(usage.messages, 0)::float8 AS messages, coalesce(usage.share_messages, 0)::float8 AS share_messages,
      coalesce(uploads.n, 0)::float8 AS uploads, coalesce(shares.n, 0)::float8 AS new_shares,
      coalesce(usage.tokens, 0)::float8 AS tokens, coalesce(usage.cost, 0)::float8 AS cost
    FROM (SELECT generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date AS day) d
    LEFT JOIN usage ON usage.day = d.day
    LEFT JOIN active ON active.day = d.day
    LEFT JOIN signups ON signups.day = d.day
    LEFT JOIN uploads ON uploads.day = d.day
    LEFT JOIN shares ON shares.day = d.day
    ORDER BY d.day`);
  return rows.map((r) => ({
    day: String(r.day),
    newUsers: num(r.new_users),
    activeUsers: num(r.active_users),
    messages: num(r.messages),
    shareMessages: num(r.share_messages),
    uploads: num(r.uploads),
    newShares: num(r.new_shares),
    tokens: num(r.tokens),
    cost: num(r.cost),
  }));
}

/** Distinct active users over the whole range (not the sum of the days). */
export async function countActiveUsers(range: Range): Promise<number> {
  const [row] = await rowsFrom(sql`SELECT count(DISTINCT user_id)::float8 AS n FROM (${activeUserDays(range)}) a`);
  return num(row?.n);
}

/** Figures that are a state rather than a period: totals now. */
export async function dashboardSnapshot() {
  const [row] = await rowsFrom(sql`SELECT
    (SELECT count(*) FROM users)::float8 AS users,
    (SELECT count(*) FROM shared_assistants WHERE revoked_at IS NULL)::float8 AS active_shares,
    (SELECT count(*) FROM documents WHERE status = 'error')::float8 AS documents_in_error,
    (SELECT count(*) FROM jobs WHERE status = 'failed')::float8 AS failed_jobs,
    (SELECT count(*) FROM feedback WHERE status = 'new')::float8 AS new_feedback`);
  return {
    users: num(row.users),
    activeShares: num(row.active_shares),
    documentsInError: num(row.documents_in_error),
    failedJobs: num(row.failed_jobs),
    newFeedback: num(row.new_feedback),
  };
}

export interface FailedDocument {
  id: string;
  name: string;
  reason: string | null;
  createdAt: string;
  ownerName: string;
  ownerEmail: string;
}

export async function latestFailedDocuments(limit: number): Promise<FailedDocument[]> {
  const rows = await rowsFrom(sql`
    SELECT d.id, d.original_name, d.error_reason, to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
      u.display_name, u.email
    FROM documents d JOIN users u ON u.id = d.user_id
    WHERE d.status = 'error'
    ORDER BY d.created_at DESC LIMIT ${limit}`);
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.original_name),
    reason: r.error_reason === null ? null : String(r.error_reason),
    createdAt: String(r.created_at),
    ownerName: String(r.display_name),
    ownerEmail: String(r.email),
  }));
}

export interface FailedJob {
  id: string;
  type: string;
  error: string | null;
  attempts: number;
  failedAt: string;
}

export async function latestFailedJobs(limit: number): Promise<FailedJob[]> {
  const rows = await rowsFrom(sql`
    SELECT id, type, left(last_error, 300) AS error, attempts, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS failed_at
    FROM jobs WHERE status = 'failed' ORDER BY updated_at DESC LIMIT ${limit}`);
  return rows.map((r) => ({ id: String(r.id), type: String(r.type), error: r.error === null ? null : String(r.error), attempts: num(r.attempts), failedAt: String(r.failed_at) }));
}
