import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { APP_TIME_ZONE } from "@/lib/constants";
import { keyPrefix } from "@/lib/server/auth/api-key-secret";
import { getDb } from "@/lib/server/db/client";
import { LATENCY_HISTOGRAM_COLUMNS } from "@/lib/server/db/schema";
import { OFFLINE_PROVIDER, rollupSpans, type UsageDimension, type UsageSort } from "@/lib/usage-report";

// The usage report's aggregation, all of it in SQL. Two sources give the same columns:
//   "rollup": api_usage_rollup (days, and whole weeks for users and shares), read for ranges with
//             many calls; latency percentiles come from its histogram.
//   "raw":    api_usage itself, read for ranges with few calls (USAGE_EXACT_LATENCY_MAX_CALLS),
//             where percentiles are exact.
// Costs join model_prices: (input tokens × input price + output tokens × output price) / 1M, the
// built-in offline model free, calls of a model without a price counted apart (unpricedCalls).

export type UsageSource = "rollup" | "raw";

interface Range {
  from: string;
  to: string;
}

export interface UsageMetrics {
  calls: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  /** US dollars, from the prices set; calls of unpriced models add nothing. */
  cost: number;
  unpricedCalls: number;
  p50: number | null;
  p95: number | null;
}

export interface UsageDay extends UsageMetrics {
  day: string;
}

export interface UsageGroup extends UsageMetrics {
  /** Provider, model or route name; user, share, assistant or key id ("" for calls without one). */
  key: string;
  /** The providers behind a model. */
  providers: string;
  /** A user's display name, a share's, an assistant's ("" unnamed) or a key's name; null when it no longer exists (or for ""). */
  label: string | null;
  /** A user's e-mail, a share's link id, an assistant's owner's e-mail, a key's prefix. */
  detail: string | null;
}

const LATENCY_COLUMNS = Array.from({ length: LATENCY_HISTOGRAM_COLUMNS }, (_, i) => `latency_${i}`);
const tz = APP_TIME_ZONE;

/** The breakdowns the rollup keeps rows for (by day; by day and week for all but "route"); provider and model read "route". */
type RollupDimension = "route" | "user" | "share" | "assistant" | "apiKey";

/** The rollup's name of a dimension. */
const ROLLUP_DIMENSION: Record<RollupDimension, string> = { route: "route", user: "user", share: "share", assistant: "assistant", apiKey: "api_key" };

/** The rows of one rollup dimension that make up a range: whole weeks where it has week rows, days elsewhere. */
function rollupRows(dimension: RollupDimension, range: Range): SQL {
  const name = ROLLUP_DIMENSION[dimension];
  const columns = sql.raw(["day", "provider", "model", "key", "calls", "errors", "input_tokens", "output_tokens", ...LATENCY_COLUMNS].join(", "));
  if (dimension === "route") {
    return sql`SELECT ${columns} FROM api_usage_rollup WHERE grain = 'day' AND dimension = 'route' AND day BETWEEN ${range.from}::date AND ${range.to}::date`;
  }
  const spans = rollupSpans(range);
  const parts: SQL[] = spans.days.map(
    ([from, to]) => sql`SELECT ${columns} FROM api_usage_rollup WHERE grain = 'day' AND dimension = ${name} AND day BETWEEN ${from}::date AND ${to}::date`,
  );
  if (spans.weeks) {
    parts.push(
      sql`SELECT ${columns} FROM api_usage_rollup WHERE grain = 'week' AND dimension = ${name} AND day BETWEEN ${spans.weeks[0]}::date AND ${spans.weeks[1]}::date`,
    );
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** Every call of the range, shaped like rollup rows; `key` is the dimension's. */
const RAW_KEY: Record<RollupDimension, SQL> = {
  route: sql`a.route`,
  user: sql`coalesce(a.user_id, '')`,
  share: sql`coalesce(a.shared_assistant_id, '')`,
  assistant: sql`coalesce(a.assistant_id, '')`,
  apiKey: sql`coalesce(a.api_key_id, '')`,
};

function rawRows(dimension: RollupDimension, range: Range): SQL {
  const key = RAW_KEY[dimension];
  return sql`SELECT (a.created_at AT TIME ZONE ${tz})::date AS day, a.provider, a.model, ${key} AS key, 1 AS calls,
      (a.outcome <> 'ok')::int AS errors, a.input_tokens, a.output_tokens, a.latency_ms
    FROM api_usage a
    WHERE a.created_at >= (${range.from}::date::timestamp AT TIME ZONE ${tz}) AND a.created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${tz})`;
}

function rowsOf(source: UsageSource, dimension: RollupDimension, range: Range): SQL {
  return source === "rollup" ? rollupRows(dimension, range) : rawRows(dimension, range);
}

function percentile(source: UsageSource, q: number): SQL {
  if (source === "raw") return sql.raw(`percentile_cont(${q}) WITHIN GROUP (ORDER BY u.latency_ms)`);
  return sql.raw(`api_usage_latency_percentile(ARRAY[${LATENCY_COLUMNS.map((c) => `sum(u.${c})`).join(", ")}]::bigint[], ${q})`);
}

const OFFLINE = sql.raw(`'${OFFLINE_PROVIDER}'`);

/**
 * The estimated cost in dollars of rows `u` (rollup rows or calls) joined with their model's price
 * `p`: null for a model without a price, 0 for the offline model.
 */
export const ROW_COST = sql`CASE WHEN u.provider = ${OFFLINE} THEN 0 ELSE (u.input_tokens * p.input_per_million + u.output_tokens * p.output_per_million) / 1000000 END`;

/** The aggregate columns every view shows, over rows `u` joined with their model's price `p`. */
function metrics(source: UsageSource): SQL {
  return sql`sum(u.calls)::float8 AS calls,
    sum(u.errors)::float8 AS errors,
    sum(u.input_tokens)::float8 AS input_tokens,
    sum(u.output_tokens)::float8 AS output_tokens,
    coalesce(sum(${ROW_COST}), 0)::float8 AS cost,
    sum(CASE WHEN u.provider <> ${OFFLINE} AND p.model IS NULL THEN u.calls ELSE 0 END)::float8 AS unpriced_calls,
    ${percentile(source, 0.5)} AS p50,
    ${percentile(source, 0.95)} AS p95`;
}

type Row = Record<string, unknown>;

async function rowsFrom(query: SQL): Promise<Row[]> {
  const db = await getDb();
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const optionalNum = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function toMetrics(row: Row): UsageMetrics {
  return {
    calls: num(row.calls),
    errors: num(row.errors),
    inputTokens: num(row.input_tokens),
    outputTokens: num(row.output_tokens),
    cost: num(row.cost),
    unpricedCalls: num(row.unpriced_calls),
    p50: optionalNum(row.p50),
    p95: optionalNum(row.p95),
  };
}

/** Calls in a range, from the day rollup: decides which source the report reads. */
export async function countUsageCalls(range: Range): Promise<number> {
  const [row] = await rowsFrom(
    sql`SELECT coalesce(sum(calls), 0)::float8 AS calls FROM api_usage_rollup WHERE grain = 'day' AND dimension = 'route' AND day BETWEEN ${range.from}::date AND ${range.to}::date`,
  );
  return num(row?.calls);
}

/** The range's totals and one entry per day that had calls, in day order. */
export async function usageByDay(input: { range: Range; source: UsageSource }): Promise<{ totals: UsageMetrics; days: UsageDay[] }> {
  const rows = await rowsFrom(sql`
    SELECT to_char(u.day, 'YYYY-MM-DD') AS day, GROUPING(u.day) AS is_total, ${metrics(input.source)}
    FROM (${rowsOf(input.source, "route", input.range)}) u
    LEFT JOIN model_prices p ON p.model = u.model
    GROUP BY GROUPING SETS ((u.day), ())
    ORDER BY u.day NULLS FIRST`);
  const total = rows.find((r) => Number(r.is_total) === 1);
  const empty: UsageMetrics = { calls: 0, errors: 0, inputTokens: 0, outputTokens: 0, cost: 0, unpricedCalls: 0, p50: null, p95: null };
  return {
    totals: total ? toMetrics(total) : empty,
    days: rows.filter((r) => Number(r.is_total) !== 1).map((r) => ({ day: String(r.day), ...toMetrics(r) })),
  };
}

/**
 * Each group `g` with its label and detail. An assistant without a name of its own gets "" (the
 * screen shows the default name in the reader's language), its owner's e-mail as detail; a key
 * its name, and its prefix (made from its id by usageBreakdown).
 */
const GROUP_LABELS: Record<UsageDimension, SQL> = {
  provider: sql`SELECT g.*, NULL::text AS label, NULL::text AS detail FROM g`,
  model: sql`SELECT g.*, NULL::text AS label, NULL::text AS detail FROM g`,
  route: sql`SELECT g.*, NULL::text AS label, NULL::text AS detail FROM g`,
  user: sql`SELECT g.*, us.display_name AS label, us.email AS detail FROM g LEFT JOIN users us ON us.id = g.key`,
  share: sql`SELECT g.*, sa.name AS label, sa.share_id AS detail FROM g LEFT JOIN shared_assistants sa ON sa.id = g.key`,
  assistant: sql`SELECT g.*, CASE WHEN a.id IS NULL THEN NULL ELSE coalesce(a.name, '') END AS label, o.email AS detail
    FROM g LEFT JOIN assistants a ON a.id = g.key LEFT JOIN users o ON o.id = a.owner_id`,
  apiKey: sql`SELECT g.*, k.name AS label, k.id AS detail FROM g LEFT JOIN api_keys k ON k.id = g.key`,
};

const SORT_COLUMNS: Record<UsageSort, string> = {
  name: "coalesce(l.label, l.key)",
  calls: "l.calls",
  errors: "l.errors",
  inputTokens: "l.input_tokens",
  outputTokens: "l.output_tokens",
  cost: "l.cost",
  p50: "l.p50",
  p95: "l.p95",
};

/**
 * One page of the range's calls grouped by a dimension, sorted in SQL (ties by key), with the
 * number of groups; users and shares carry their name, e-mail or link id.
 */
export async function usageBreakdown(input: {
  range: Range;
  source: UsageSource;
  dimension: UsageDimension;
  sort: UsageSort;
  dir: "asc" | "desc";
  limit: number;
  offset: number;
}): Promise<{ groups: UsageGroup[]; total: number }> {
  const { dimension, source } = input;
  const rollupDimension: RollupDimension = dimension === "provider" || dimension === "model" ? "route" : dimension;
  const groupKey = dimension === "provider" ? sql`u.provider` : dimension === "model" ? sql`u.model` : sql`u.key`;
  const labels = GROUP_LABELS[dimension];
  const direction = sql.raw(input.dir === "asc" ? "ASC" : "DESC");
  const rows = await rowsFrom(sql`
    WITH g AS (
      SELECT ${groupKey} AS key, string_agg(DISTINCT u.provider, ', ' ORDER BY u.provider) AS providers, ${metrics(source)}
      FROM (${rowsOf(source, rollupDimension, input.range)}) u
      LEFT JOIN model_prices p ON p.model = u.model
      GROUP BY 1
      HAVING sum(u.calls) > 0
    )
    SELECT l.*, count(*) OVER () AS total_groups
    FROM (${labels}) AS l(key, providers, calls, errors, input_tokens, output_tokens, cost, unpriced_calls, p50, p95, label, detail)
    ORDER BY ${sql.raw(SORT_COLUMNS[input.sort])} ${direction} NULLS LAST, l.key ASC
    LIMIT ${input.limit} OFFSET ${input.offset}`);
  return {
    total: rows.length ? num(rows[0].total_groups) : 0,
    groups: rows.map((r) => ({
      key: String(r.key),
      providers: String(r.providers ?? ""),
      label: r.label === null || r.label === undefined ? null : String(r.label),
      detail: r.detail === null || r.detail === undefined ? null : dimension === "apiKey" ? keyPrefix(String(r.detail)) : String(r.detail),
      ...toMetrics(r),
    })),
  };
}

export interface ModelPriceRow {
  model: string;
  /** Providers that served the model (empty when it has a price but no calls yet). */
  providers: string[];
  inputPerMillion: number | null;
  outputPerMillion: number | null;
  updatedAt: string | null;
}

/** Every model that has been called or has a price, with its price. */
export async function listModelPrices(): Promise<ModelPriceRow[]> {
  const rows = await rowsFrom(sql`
    WITH seen AS (
      SELECT model, array_agg(DISTINCT provider ORDER BY provider) AS providers
      FROM api_usage_rollup WHERE grain = 'day' AND dimension = 'route' GROUP BY model
    )
    SELECT coalesce(s.model, p.model) AS model, coalesce(s.providers, ARRAY[]::text[]) AS providers,
      p.input_per_million::float8 AS input_per_million, p.output_per_million::float8 AS output_per_million,
      to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
    FROM seen s FULL OUTER JOIN model_prices p ON p.model = s.model
    ORDER BY 1`);
  return rows.map((r) => ({
    model: String(r.model),
    providers: parseTextArray(r.providers),
    inputPerMillion: optionalNum(r.input_per_million),
    outputPerMillion: optionalNum(r.output_per_million),
    updatedAt: r.updated_at ? String(r.updated_at) : null,
  }));
}

/** PGlite and node-postgres both parse text[]; a driver that does not sends "{a,b}". */
function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string" && value.startsWith("{")) return value.slice(1, -1).split(",").filter(Boolean).map((v) => v.replace(/^"|"$/g, ""));
  return [];
}

export async function upsertModelPrice(input: { model: string; inputPerMillion: number; outputPerMillion: number; updatedById: string }) {
  await rowsFrom(sql`
    INSERT INTO model_prices (model, input_per_million, output_per_million, updated_by_id, updated_at)
    VALUES (${input.model}, ${input.inputPerMillion}, ${input.outputPerMillion}, ${input.updatedById}, now())
    ON CONFLICT (model) DO UPDATE SET input_per_million = excluded.input_per_million, output_per_million = excluded.output_per_million,
      updated_by_id = excluded.updated_by_id, updated_at = excluded.updated_at`);
}

/** False when the model had no price. */
export async function deleteModelPrice(model: string): Promise<boolean> {
  const rows = await rowsFrom(sql`DELETE FROM model_prices WHERE model = ${model} RETURNING model`);
  return rows.length > 0;
}
