CREATE TABLE "api_usage_rollup" (
	"grain" text NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"key" text NOT NULL,
	"calls" integer NOT NULL,
	"errors" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL,
	"latency_ms_sum" bigint NOT NULL,
	"latency_0" integer DEFAULT 0 NOT NULL,
	"latency_1" integer DEFAULT 0 NOT NULL,
	"latency_2" integer DEFAULT 0 NOT NULL,
	"latency_3" integer DEFAULT 0 NOT NULL,
	"latency_4" integer DEFAULT 0 NOT NULL,
	"latency_5" integer DEFAULT 0 NOT NULL,
	"latency_6" integer DEFAULT 0 NOT NULL,
	"latency_7" integer DEFAULT 0 NOT NULL,
	"latency_8" integer DEFAULT 0 NOT NULL,
	"latency_9" integer DEFAULT 0 NOT NULL,
	"latency_10" integer DEFAULT 0 NOT NULL,
	"latency_11" integer DEFAULT 0 NOT NULL,
	"latency_12" integer DEFAULT 0 NOT NULL,
	"latency_13" integer DEFAULT 0 NOT NULL,
	"latency_14" integer DEFAULT 0 NOT NULL,
	"latency_15" integer DEFAULT 0 NOT NULL,
	"latency_16" integer DEFAULT 0 NOT NULL,
	"latency_17" integer DEFAULT 0 NOT NULL,
	"latency_18" integer DEFAULT 0 NOT NULL,
	"latency_19" integer DEFAULT 0 NOT NULL,
	"latency_20" integer DEFAULT 0 NOT NULL,
	"latency_21" integer DEFAULT 0 NOT NULL,
	"latency_22" integer DEFAULT 0 NOT NULL,
	"latency_23" integer DEFAULT 0 NOT NULL,
	"latency_24" integer DEFAULT 0 NOT NULL,
	"latency_25" integer DEFAULT 0 NOT NULL,
	"latency_26" integer DEFAULT 0 NOT NULL,
	"latency_27" integer DEFAULT 0 NOT NULL,
	"latency_28" integer DEFAULT 0 NOT NULL,
	"latency_29" integer DEFAULT 0 NOT NULL,
	"latency_30" integer DEFAULT 0 NOT NULL,
	"latency_31" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_usage_rollup_grain_dimension_day_provider_model_key_pk" PRIMARY KEY("grain","dimension","day","provider","model","key")
);
--> statement-breakpoint
CREATE TABLE "model_prices" (
	"model" text PRIMARY KEY NOT NULL,
	"input_per_million" numeric(12, 4) NOT NULL,
	"output_per_million" numeric(12, 4) NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_prices" ADD CONSTRAINT "model_prices_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_status_idx" ON "documents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");
--> statement-breakpoint
-- Written by hand (not generated): the rollup is kept current by statement-level triggers on
-- api_usage, which add what each INSERT wrote and subtract what an UPDATE or DELETE changed
-- (deleting a user or a share sets its ids to null in api_usage, which moves those calls to the
-- "" key). Days are calendar days in Asia/Taipei (APP_TIME_ZONE); weeks start on Monday. The
-- bucket bounds are LATENCY_BUCKET_BOUNDS_MS in lib/usage-report.ts (tests/unit pins both). The
-- three statements differ only in the rows they read.
CREATE FUNCTION api_usage_rollup_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO api_usage_rollup AS r (grain, dimension, day, provider, model, key, calls, errors, input_tokens, output_tokens, latency_ms_sum,
      latency_0, latency_1, latency_2, latency_3, latency_4, latency_5, latency_6, latency_7, latency_8, latency_9, latency_10, latency_11, latency_12, latency_13, latency_14, latency_15, latency_16, latency_17, latency_18, latency_19, latency_20, latency_21, latency_22, latency_23, latency_24, latency_25, latency_26, latency_27, latency_28, latency_29, latency_30, latency_31)
    SELECT g.grain, g.dimension, CASE g.grain WHEN 'week' THEN date_trunc('week', c.day)::date ELSE c.day END, c.provider, c.model, g.key,
      sum(c.sign), sum(c.sign * c.failed), sum(c.sign * c.input_tokens), sum(c.sign * c.output_tokens), sum(c.sign * c.latency_ms),
      sum(CASE WHEN c.bucket = 0 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 1 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 2 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 3 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 4 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 5 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 6 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 7 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 8 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 9 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 10 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 11 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 12 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 13 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 14 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 15 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 16 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 17 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 18 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 19 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 20 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 21 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 22 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 23 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 24 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 25 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 26 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 27 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 28 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 29 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 30 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 31 THEN c.sign ELSE 0 END)
    FROM (
      SELECT s.sign, (s.created_at AT TIME ZONE 'Asia/Taipei')::date AS day, s.provider, s.model, s.route, s.user_id, s.shared_assistant_id,
        (s.outcome <> 'ok')::int AS failed, s.input_tokens, s.output_tokens, s.latency_ms,
        width_bucket(s.latency_ms, ARRAY[10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 40000, 50000, 75000, 100000, 150000, 200000]) AS bucket
      FROM (SELECT 1 AS sign, n.* FROM new_rows AS n) AS s
    ) AS c
    CROSS JOIN LATERAL (VALUES ('day', 'route', c.route), ('day', 'user', coalesce(c.user_id, '')), ('week', 'user', coalesce(c.user_id, '')),
      ('day', 'share', coalesce(c.shared_assistant_id, '')), ('week', 'share', coalesce(c.shared_assistant_id, ''))) AS g(grain, dimension, key)
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (grain, dimension, day, provider, model, key) DO UPDATE SET
      calls = r.calls + excluded.calls,
      errors = r.errors + excluded.errors,
      input_tokens = r.input_tokens + excluded.input_tokens,
      output_tokens = r.output_tokens + excluded.output_tokens,
      latency_ms_sum = r.latency_ms_sum + excluded.latency_ms_sum,
      latency_0 = r.latency_0 + excluded.latency_0,
      latency_1 = r.latency_1 + excluded.latency_1,
      latency_2 = r.latency_2 + excluded.latency_2,
      latency_3 = r.latency_3 + excluded.latency_3,
      latency_4 = r.latency_4 + excluded.latency_4,
      latency_5 = r.latency_5 + excluded.latency_5,
      latency_6 = r.latency_6 + excluded.latency_6,
      latency_7 = r.latency_7 + excluded.latency_7,
      latency_8 = r.latency_8 + excluded.latency_8,
      latency_9 = r.latency_9 + excluded.latency_9,
      latency_10 = r.latency_10 + excluded.latency_10,
      latency_11 = r.latency_11 + excluded.latency_11,
      latency_12 = r.latency_12 + excluded.latency_12,
      latency_13 = r.latency_13 + excluded.latency_13,
      latency_14 = r.latency_14 + excluded.latency_14,
      latency_15 = r.latency_15 + excluded.latency_15,
      latency_16 = r.latency_16 + excluded.latency_16,
      latency_17 = r.latency_17 + excluded.latency_17,
      latency_18 = r.latency_18 + excluded.latency_18,
      latency_19 = r.latency_19 + excluded.latency_19,
      latency_20 = r.latency_20 + excluded.latency_20,
      latency_21 = r.latency_21 + excluded.latency_21,
      latency_22 = r.latency_22 + excluded.latency_22,
      latency_23 = r.latency_23 + excluded.latency_23,
      latency_24 = r.latency_24 + excluded.latency_24,
      latency_25 = r.latency_25 + excluded.latency_25,
      latency_26 = r.latency_26 + excluded.latency_26,
      latency_27 = r.latency_27 + excluded.latency_27,
      latency_28 = r.latency_28 + excluded.latency_28,
      latency_29 = r.latency_29 + excluded.latency_29,
      latency_30 = r.latency_30 + excluded.latency_30,
      latency_31 = r.latency_31 + excluded.latency_31;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO api_usage_rollup AS r (grain, dimension, day, provider, model, key, calls, errors, input_tokens, output_tokens, latency_ms_sum,
      latency_0, latency_1, latency_2, latency_3, latency_4, latency_5, latency_6, latency_7, latency_8, latency_9, latency_10, latency_11, latency_12, latency_13, latency_14, latency_15, latency_16, latency_17, latency_18, latency_19, latency_20, latency_21, latency_22, latency_23, latency_24, latency_25, latency_26, latency_27, latency_28, latency_29, latency_30, latency_31)
    SELECT g.grain, g.dimension, CASE g.grain WHEN 'week' THEN date_trunc('week', c.day)::date ELSE c.day END, c.provider, c.model, g.key,
      sum(c.sign), sum(c.sign * c.failed), sum(c.sign * c.input_tokens), sum(c.sign * c.output_tokens), sum(c.sign * c.latency_ms),
      sum(CASE WHEN c.bucket = 0 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 1 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 2 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 3 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 4 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 5 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 6 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 7 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 8 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 9 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 10 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 11 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 12 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 13 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 14 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 15 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 16 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 17 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 18 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 19 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 20 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 21 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 22 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 23 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 24 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 25 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 26 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 27 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 28 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 29 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 30 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 31 THEN c.sign ELSE 0 END)
    FROM (
      SELECT s.sign, (s.created_at AT TIME ZONE 'Asia/Taipei')::date AS day, s.provider, s.model, s.route, s.user_id, s.shared_assistant_id,
        (s.outcome <> 'ok')::int AS failed, s.input_tokens, s.output_tokens, s.latency_ms,
        width_bucket(s.latency_ms, ARRAY[10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 40000, 50000, 75000, 100000, 150000, 200000]) AS bucket
      FROM (SELECT -1 AS sign, o.* FROM old_rows AS o UNION ALL SELECT 1 AS sign, n.* FROM new_rows AS n) AS s
    ) AS c
    CROSS JOIN LATERAL (VALUES ('day', 'route', c.route), ('day', 'user', coalesce(c.user_id, '')), ('week', 'user', coalesce(c.user_id, '')),
      ('day', 'share', coalesce(c.shared_assistant_id, '')), ('week', 'share', coalesce(c.shared_assistant_id, ''))) AS g(grain, dimension, key)
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (grain, dimension, day, provider, model, key) DO UPDATE SET
      calls = r.calls + excluded.calls,
      errors = r.errors + excluded.errors,
      input_tokens = r.input_tokens + excluded.input_tokens,
      output_tokens = r.output_tokens + excluded.output_tokens,
      latency_ms_sum = r.latency_ms_sum + excluded.latency_ms_sum,
      latency_0 = r.latency_0 + excluded.latency_0,
      latency_1 = r.latency_1 + excluded.latency_1,
      latency_2 = r.latency_2 + excluded.latency_2,
      latency_3 = r.latency_3 + excluded.latency_3,
      latency_4 = r.latency_4 + excluded.latency_4,
      latency_5 = r.latency_5 + excluded.latency_5,
      latency_6 = r.latency_6 + excluded.latency_6,
      latency_7 = r.latency_7 + excluded.latency_7,
      latency_8 = r.latency_8 + excluded.latency_8,
      latency_9 = r.latency_9 + excluded.latency_9,
      latency_10 = r.latency_10 + excluded.latency_10,
      latency_11 = r.latency_11 + excluded.latency_11,
      latency_12 = r.latency_12 + excluded.latency_12,
      latency_13 = r.latency_13 + excluded.latency_13,
      latency_14 = r.latency_14 + excluded.latency_14,
      latency_15 = r.latency_15 + excluded.latency_15,
      latency_16 = r.latency_16 + excluded.latency_16,
      latency_17 = r.latency_17 + excluded.latency_17,
      latency_18 = r.latency_18 + excluded.latency_18,
      latency_19 = r.latency_19 + excluded.latency_19,
      latency_20 = r.latency_20 + excluded.latency_20,
      latency_21 = r.latency_21 + excluded.latency_21,
      latency_22 = r.latency_22 + excluded.latency_22,
      latency_23 = r.latency_23 + excluded.latency_23,
      latency_24 = r.latency_24 + excluded.latency_24,
      latency_25 = r.latency_25 + excluded.latency_25,
      latency_26 = r.latency_26 + excluded.latency_26,
      latency_27 = r.latency_27 + excluded.latency_27,
      latency_28 = r.latency_28 + excluded.latency_28,
      latency_29 = r.latency_29 + excluded.latency_29,
      latency_30 = r.latency_30 + excluded.latency_30,
      latency_31 = r.latency_31 + excluded.latency_31;
  ELSE
    INSERT INTO api_usage_rollup AS r (grain, dimension, day, provider, model, key, calls, errors, input_tokens, output_tokens, latency_ms_sum,
      latency_0, latency_1, latency_2, latency_3, latency_4, latency_5, latency_6, latency_7, latency_8, latency_9, latency_10, latency_11, latency_12, latency_13, latency_14, latency_15, latency_16, latency_17, latency_18, latency_19, latency_20, latency_21, latency_22, latency_23, latency_24, latency_25, latency_26, latency_27, latency_28, latency_29, latency_30, latency_31)
    SELECT g.grain, g.dimension, CASE g.grain WHEN 'week' THEN date_trunc('week', c.day)::date ELSE c.day END, c.provider, c.model, g.key,
      sum(c.sign), sum(c.sign * c.failed), sum(c.sign * c.input_tokens), sum(c.sign * c.output_tokens), sum(c.sign * c.latency_ms),
      sum(CASE WHEN c.bucket = 0 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 1 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 2 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 3 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 4 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 5 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 6 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 7 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 8 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 9 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 10 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 11 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 12 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 13 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 14 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 15 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 16 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 17 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 18 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 19 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 20 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 21 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 22 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 23 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 24 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 25 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 26 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 27 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 28 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 29 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 30 THEN c.sign ELSE 0 END),
      sum(CASE WHEN c.bucket = 31 THEN c.sign ELSE 0 END)
    FROM (
      SELECT s.sign, (s.created_at AT TIME ZONE 'Asia/Taipei')::date AS day, s.provider, s.model, s.route, s.user_id, s.shared_assistant_id,
        (s.outcome <> 'ok')::int AS failed, s.input_tokens, s.output_tokens, s.latency_ms,
        width_bucket(s.latency_ms, ARRAY[10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 40000, 50000, 75000, 100000, 150000, 200000]) AS bucket
      FROM (SELECT -1 AS sign, o.* FROM old_rows AS o) AS s
    ) AS c
    CROSS JOIN LATERAL (VALUES ('day', 'route', c.route), ('day', 'user', coalesce(c.user_id, '')), ('week', 'user', coalesce(c.user_id, '')),
      ('day', 'share', coalesce(c.shared_assistant_id, '')), ('week', 'share', coalesce(c.shared_assistant_id, ''))) AS g(grain, dimension, key)
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (grain, dimension, day, provider, model, key) DO UPDATE SET
      calls = r.calls + excluded.calls,
      errors = r.errors + excluded.errors,
      input_tokens = r.input_tokens + excluded.input_tokens,
      output_tokens = r.output_tokens + excluded.output_tokens,
      latency_ms_sum = r.latency_ms_sum + excluded.latency_ms_sum,
      latency_0 = r.latency_0 + excluded.latency_0,
      latency_1 = r.latency_1 + excluded.latency_1,
      latency_2 = r.latency_2 + excluded.latency_2,
      latency_3 = r.latency_3 + excluded.latency_3,
      latency_4 = r.latency_4 + excluded.latency_4,
      latency_5 = r.latency_5 + excluded.latency_5,
      latency_6 = r.latency_6 + excluded.latency_6,
      latency_7 = r.latency_7 + excluded.latency_7,
      latency_8 = r.latency_8 + excluded.latency_8,
      latency_9 = r.latency_9 + excluded.latency_9,
      latency_10 = r.latency_10 + excluded.latency_10,
      latency_11 = r.latency_11 + excluded.latency_11,
      latency_12 = r.latency_12 + excluded.latency_12,
      latency_13 = r.latency_13 + excluded.latency_13,
      latency_14 = r.latency_14 + excluded.latency_14,
      latency_15 = r.latency_15 + excluded.latency_15,
      latency_16 = r.latency_16 + excluded.latency_16,
      latency_17 = r.latency_17 + excluded.latency_17,
      latency_18 = r.latency_18 + excluded.latency_18,
      latency_19 = r.latency_19 + excluded.latency_19,
      latency_20 = r.latency_20 + excluded.latency_20,
      latency_21 = r.latency_21 + excluded.latency_21,
      latency_22 = r.latency_22 + excluded.latency_22,
      latency_23 = r.latency_23 + excluded.latency_23,
      latency_24 = r.latency_24 + excluded.latency_24,
      latency_25 = r.latency_25 + excluded.latency_25,
      latency_26 = r.latency_26 + excluded.latency_26,
      latency_27 = r.latency_27 + excluded.latency_27,
      latency_28 = r.latency_28 + excluded.latency_28,
      latency_29 = r.latency_29 + excluded.latency_29,
      latency_30 = r.latency_30 + excluded.latency_30,
      latency_31 = r.latency_31 + excluded.latency_31;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_usage_rollup_insert AFTER INSERT ON api_usage REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION api_usage_rollup_sync();
--> statement-breakpoint
CREATE TRIGGER api_usage_rollup_update AFTER UPDATE ON api_usage REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION api_usage_rollup_sync();
--> statement-breakpoint
CREATE TRIGGER api_usage_rollup_delete AFTER DELETE ON api_usage REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION api_usage_rollup_sync();
--> statement-breakpoint
-- The usage recorded before this migration.
INSERT INTO api_usage_rollup AS r (grain, dimension, day, provider, model, key, calls, errors, input_tokens, output_tokens, latency_ms_sum,
  latency_0, latency_1, latency_2, latency_3, latency_4, latency_5, latency_6, latency_7, latency_8, latency_9, latency_10, latency_11, latency_12, latency_13, latency_14, latency_15, latency_16, latency_17, latency_18, latency_19, latency_20, latency_21, latency_22, latency_23, latency_24, latency_25, latency_26, latency_27, latency_28, latency_29, latency_30, latency_31)
SELECT g.grain, g.dimension, CASE g.grain WHEN 'week' THEN date_trunc('week', c.day)::date ELSE c.day END, c.provider, c.model, g.key,
  sum(c.sign), sum(c.sign * c.failed), sum(c.sign * c.input_tokens), sum(c.sign * c.output_tokens), sum(c.sign * c.latency_ms),
  sum(CASE WHEN c.bucket = 0 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 1 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 2 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 3 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 4 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 5 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 6 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 7 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 8 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 9 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 10 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 11 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 12 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 13 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 14 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 15 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 16 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 17 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 18 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 19 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 20 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 21 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 22 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 23 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 24 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 25 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 26 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 27 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 28 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 29 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 30 THEN c.sign ELSE 0 END),
  sum(CASE WHEN c.bucket = 31 THEN c.sign ELSE 0 END)
FROM (
  SELECT s.sign, (s.created_at AT TIME ZONE 'Asia/Taipei')::date AS day, s.provider, s.model, s.route, s.user_id, s.shared_assistant_id,
    (s.outcome <> 'ok')::int AS failed, s.input_tokens, s.output_tokens, s.latency_ms,
    width_bucket(s.latency_ms, ARRAY[10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 40000, 50000, 75000, 100000, 150000, 200000]) AS bucket
  FROM (SELECT 1 AS sign, a.* FROM api_usage AS a) AS s
) AS c
CROSS JOIN LATERAL (VALUES ('day', 'route', c.route), ('day', 'user', coalesce(c.user_id, '')), ('week', 'user', coalesce(c.user_id, '')),
  ('day', 'share', coalesce(c.shared_assistant_id, '')), ('week', 'share', coalesce(c.shared_assistant_id, ''))) AS g(grain, dimension, key)
GROUP BY 1, 2, 3, 4, 5, 6
ON CONFLICT (grain, dimension, day, provider, model, key) DO UPDATE SET
  calls = r.calls + excluded.calls,
  errors = r.errors + excluded.errors,
  input_tokens = r.input_tokens + excluded.input_tokens,
  output_tokens = r.output_tokens + excluded.output_tokens,
  latency_ms_sum = r.latency_ms_sum + excluded.latency_ms_sum,
  latency_0 = r.latency_0 + excluded.latency_0,
  latency_1 = r.latency_1 + excluded.latency_1,
  latency_2 = r.latency_2 + excluded.latency_2,
  latency_3 = r.latency_3 + excluded.latency_3,
  latency_4 = r.latency_4 + excluded.latency_4,
  latency_5 = r.latency_5 + excluded.latency_5,
  latency_6 = r.latency_6 + excluded.latency_6,
  latency_7 = r.latency_7 + excluded.latency_7,
  latency_8 = r.latency_8 + excluded.latency_8,
  latency_9 = r.latency_9 + excluded.latency_9,
  latency_10 = r.latency_10 + excluded.latency_10,
  latency_11 = r.latency_11 + excluded.latency_11,
  latency_12 = r.latency_12 + excluded.latency_12,
  latency_13 = r.latency_13 + excluded.latency_13,
  latency_14 = r.latency_14 + excluded.latency_14,
  latency_15 = r.latency_15 + excluded.latency_15,
  latency_16 = r.latency_16 + excluded.latency_16,
  latency_17 = r.latency_17 + excluded.latency_17,
  latency_18 = r.latency_18 + excluded.latency_18,
  latency_19 = r.latency_19 + excluded.latency_19,
  latency_20 = r.latency_20 + excluded.latency_20,
  latency_21 = r.latency_21 + excluded.latency_21,
  latency_22 = r.latency_22 + excluded.latency_22,
  latency_23 = r.latency_23 + excluded.latency_23,
  latency_24 = r.latency_24 + excluded.latency_24,
  latency_25 = r.latency_25 + excluded.latency_25,
  latency_26 = r.latency_26 + excluded.latency_26,
  latency_27 = r.latency_27 + excluded.latency_27,
  latency_28 = r.latency_28 + excluded.latency_28,
  latency_29 = r.latency_29 + excluded.latency_29,
  latency_30 = r.latency_30 + excluded.latency_30,
  latency_31 = r.latency_31 + excluded.latency_31;
--> statement-breakpoint
-- The q-quantile (q from 0 to 1) of the latencies a histogram of rollup counts describes.
CREATE FUNCTION api_usage_latency_percentile(counts bigint[], q double precision) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  -- The lower bound of each bucket; the last bucket has no upper bound.
  bounds int[] := ARRAY[0, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 40000, 50000, 75000, 100000, 150000, 200000];
  total double precision := 0;
  target double precision;
  seen double precision := 0;
  n int := array_length(counts, 1);
BEGIN
  FOR i IN 1..n LOOP
    total := total + coalesce(counts[i], 0);
  END LOOP;
  IF total <= 0 THEN
    RETURN NULL;
  END IF;
  target := q * total;
  FOR i IN 1..n LOOP
    IF counts[i] > 0 AND seen + counts[i] >= target THEN
      IF i = n THEN
        RETURN bounds[i];
      END IF;
      -- Calls spread evenly inside their bucket.
      RETURN bounds[i] + (bounds[i + 1] - bounds[i]) * greatest(target - seen, 0) / counts[i];
    END IF;
    seen := seen + coalesce(counts[i], 0);
  END LOOP;
  RETURN bounds[n];
END $$;
