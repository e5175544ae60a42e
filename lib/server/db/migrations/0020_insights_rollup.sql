CREATE TABLE "insight_days" (
	"shared_assistant_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"assistant_id" text NOT NULL,
	"day" date NOT NULL,
	"messages" integer NOT NULL,
	"replies" integer NOT NULL,
	"unanswered" integer NOT NULL,
	"thumbs_down" integer NOT NULL,
	"guest_visitors" integer NOT NULL,
	CONSTRAINT "insight_days_shared_assistant_id_owner_id_assistant_id_day_pk" PRIMARY KEY("shared_assistant_id","owner_id","assistant_id","day")
);
--> statement-breakpoint
CREATE TABLE "insight_questions" (
	"shared_assistant_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"assistant_id" text NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"question_hash" text NOT NULL,
	"asked" integer NOT NULL,
	"latest_at" timestamp with time zone NOT NULL,
	"latest_id" text NOT NULL,
	CONSTRAINT "insight_questions_shared_assistant_id_owner_id_assistant_id_grain_day_question_hash_pk" PRIMARY KEY("shared_assistant_id","owner_id","assistant_id","grain","day","question_hash")
);
--> statement-breakpoint
CREATE TABLE "insight_visitors" (
	"shared_assistant_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"assistant_id" text NOT NULL,
	"guest" boolean NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "insight_visitors_shared_assistant_id_owner_id_assistant_id_guest_day_visitor_pk" PRIMARY KEY("shared_assistant_id","owner_id","assistant_id","guest","day","visitor")
);
--> statement-breakpoint
CREATE INDEX "messages_share_unanswered_idx" ON "messages" USING btree ("shared_assistant_id","created_at") WHERE answer_signal = 'not_answered';--> statement-breakpoint
CREATE INDEX "messages_own_unanswered_idx" ON "messages" USING btree ("owner_id",coalesce("assistant_id", ''),"created_at") WHERE answer_signal = 'not_answered' AND shared_assistant_id IS NULL;--> statement-breakpoint
CREATE INDEX "messages_share_thumbs_down_idx" ON "messages" USING btree ("shared_assistant_id","created_at") WHERE rating = 'down';--> statement-breakpoint
CREATE INDEX "messages_own_thumbs_down_idx" ON "messages" USING btree ("owner_id",coalesce("assistant_id", ''),"created_at") WHERE rating = 'down' AND shared_assistant_id IS NULL;
--> statement-breakpoint
-- Written by hand (not generated): insight_days, insight_visitors and insight_questions are kept
-- current by statement-level triggers on messages, as api_usage_rollup is on api_usage. Each
-- trigger turns the rows it saw into signed changes (+1 written, -1 gone; an update is both, and
-- only when it moves something the rollup counts) and insights_rollup_apply adds them up. Days are
-- calendar days in Asia/Taipei (APP_TIME_ZONE). Messages in no place (neither a share's nor an
-- owner's) are not counted, as the insights never read them.
CREATE TYPE insight_change AS (
  sign integer, id text, shared_assistant_id text, owner_id text, assistant_id text, guest boolean, visitor text,
  day date, created_at timestamptz, is_reply boolean, unanswered boolean, thumbs_down boolean, question_hash text
);
--> statement-breakpoint
CREATE FUNCTION insight_change_of(m messages, sign integer) RETURNS insight_change LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN m.shared_assistant_id IS NOT NULL OR m.owner_id IS NOT NULL THEN ROW(
    sign, m.id, coalesce(m.shared_assistant_id, ''),
    CASE WHEN m.shared_assistant_id IS NULL THEN m.owner_id ELSE '' END,
    CASE WHEN m.shared_assistant_id IS NULL THEN coalesce(m.assistant_id, '') ELSE '' END,
    m.guest_user_id IS NOT NULL, coalesce(m.guest_user_id, m.registered_user_id, m.owner_id, ''),
    (m.created_at AT TIME ZONE 'Asia/Taipei')::date, m.created_at,
    m.role = 'assistant' AND NOT m.is_error, m.answer_signal IS NOT DISTINCT FROM 'not_answered', m.rating IS NOT DISTINCT FROM 'down',
    CASE WHEN m.role = 'user' AND m.image_data IS NULL THEN md5(m.content) END
  )::insight_change END
$$;
--> statement-breakpoint
-- The questions among the changes, once for their day and once for their week (weeks start on Monday).
CREATE FUNCTION insight_question_changes(changes insight_change[])
RETURNS TABLE (shared_assistant_id text, owner_id text, assistant_id text, grain text, day date, question_hash text, sign integer, id text, created_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT c.shared_assistant_id, c.owner_id, c.assistant_id, g.grain, g.day, c.question_hash, c.sign, c.id, c.created_at
  FROM unnest(changes) AS c
  CROSS JOIN LATERAL (VALUES ('day', c.day), ('week', (c.day - (extract(isodow FROM c.day)::int - 1)))) AS g(grain, day)
  WHERE c.id IS NOT NULL AND c.question_hash IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION insights_rollup_apply(changes insight_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Visitors, and from them how many guests a place has on a day (a guest's first message of the
  -- day adds one, their last one going takes one away); then the day's counts. What a visitor had
  -- before is read from the upsert's own result (its count after, less this change), so two
  -- writers of one guest's first messages of a day, the second waiting on the first, count one.
  WITH c AS (SELECT * FROM unnest(changes) WHERE id IS NOT NULL),
  delta AS (
    SELECT shared_assistant_id, owner_id, assistant_id, guest, day, visitor, sum(sign)::int AS d
    FROM c GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0
  ),
  visitors AS (
    INSERT INTO insight_visitors AS v (shared_assistant_id, owner_id, assistant_id, guest, day, visitor, messages)
    SELECT shared_assistant_id, owner_id, assistant_id, guest, day, visitor, d FROM delta
    ON CONFLICT (shared_assistant_id, owner_id, assistant_id, guest, day, visitor) DO UPDATE SET messages = v.messages + excluded.messages
    RETURNING v.shared_assistant_id, v.owner_id, v.assistant_id, v.guest, v.day, v.visitor, v.messages
  ),
  prior AS (
    SELECT delta.*, v.messages - delta.d AS had FROM delta
    JOIN visitors v USING (shared_assistant_id, owner_id, assistant_id, guest, day, visitor)
  ),
  parts AS (
    SELECT shared_assistant_id, owner_id, assistant_id, day, sign AS messages, CASE WHEN is_reply THEN sign ELSE 0 END AS replies,
      CASE WHEN unanswered THEN sign ELSE 0 END AS unanswered, CASE WHEN thumbs_down THEN sign ELSE 0 END AS thumbs_down, 0 AS guests
    FROM c
    UNION ALL
    SELECT shared_assistant_id, owner_id, assistant_id, day, 0, 0, 0, 0,
      CASE WHEN had <= 0 AND had + d > 0 THEN 1 WHEN had > 0 AND had + d <= 0 THEN -1 ELSE 0 END
    FROM prior WHERE guest
  )
  INSERT INTO insight_days AS r (shared_assistant_id, owner_id, assistant_id, day, messages, replies, unanswered, thumbs_down, guest_visitors)
  SELECT shared_assistant_id, owner_id, assistant_id, day, sum(messages), sum(replies), sum(unanswered), sum(thumbs_down), sum(guests)
  FROM parts GROUP BY 1, 2, 3, 4
  ON CONFLICT (shared_assistant_id, owner_id, assistant_id, day) DO UPDATE SET
    messages = r.messages + excluded.messages,
    replies = r.replies + excluded.replies,
    unanswered = r.unanswered + excluded.unanswered,
    thumbs_down = r.thumbs_down + excluded.thumbs_down,
    guest_visitors = r.guest_visitors + excluded.guest_visitors;

  -- Questions: how often, and the latest asking (a later one written replaces it), per day and per week.
  WITH q AS (
    SELECT shared_assistant_id, owner_id, assistant_id, grain, day, question_hash, sum(sign)::int AS d,
      max(created_at) FILTER (WHERE sign > 0) AS latest_at, (array_agg(id ORDER BY created_at DESC) FILTER (WHERE sign > 0))[1] AS latest_id
    FROM insight_question_changes(changes) GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO insight_questions AS r (shared_assistant_id, owner_id, assistant_id, grain, day, question_hash, asked, latest_at, latest_id)
  SELECT shared_assistant_id, owner_id, assistant_id, grain, day, question_hash, d, coalesce(latest_at, '-infinity'), coalesce(latest_id, '') FROM q
  ON CONFLICT (shared_assistant_id, owner_id, assistant_id, grain, day, question_hash) DO UPDATE SET
    asked = r.asked + excluded.asked,
    latest_id = CASE WHEN excluded.latest_at > r.latest_at THEN excluded.latest_id ELSE r.latest_id END,
    latest_at = greatest(r.latest_at, excluded.latest_at);

  -- What is left of nothing goes.
  DELETE FROM insight_visitors v USING (SELECT DISTINCT shared_assistant_id, owner_id, assistant_id, guest, day, visitor FROM unnest(changes) WHERE id IS NOT NULL AND sign < 0) k
  WHERE v.messages <= 0 AND (v.shared_assistant_id, v.owner_id, v.assistant_id, v.guest, v.day, v.visitor) = (k.shared_assistant_id, k.owner_id, k.assistant_id, k.guest, k.day, k.visitor);
  DELETE FROM insight_days r USING (SELECT DISTINCT shared_assistant_id, owner_id, assistant_id, day FROM unnest(changes) WHERE id IS NOT NULL AND sign < 0) k
  WHERE r.messages <= 0 AND (r.shared_assistant_id, r.owner_id, r.assistant_id, r.day) = (k.shared_assistant_id, k.owner_id, k.assistant_id, k.day);
  DELETE FROM insight_questions r USING (SELECT DISTINCT shared_assistant_id, owner_id, assistant_id, grain, day, question_hash FROM insight_question_changes(changes) WHERE sign < 0) k
  WHERE r.asked <= 0 AND (r.shared_assistant_id, r.owner_id, r.assistant_id, r.grain, r.day, r.question_hash) = (k.shared_assistant_id, k.owner_id, k.assistant_id, k.grain, k.day, k.question_hash);

  -- A question whose latest asking went: the latest one left that day or week (shares, then own chats, each by its index).
  UPDATE insight_questions r SET (latest_at, latest_id) = (
    SELECT m.created_at, m.id FROM messages m
    WHERE m.shared_assistant_id = r.shared_assistant_id
      AND m.created_at >= (r.day::timestamp AT TIME ZONE 'Asia/Taipei') AND m.created_at < ((r.day + CASE r.grain WHEN 'week' THEN 7 ELSE 1 END)::timestamp AT TIME ZONE 'Asia/Taipei')
      AND m.role = 'user' AND m.image_data IS NULL AND md5(m.content) = r.question_hash
    ORDER BY m.created_at DESC LIMIT 1)
  FROM (SELECT DISTINCT id, shared_assistant_id, owner_id, assistant_id, grain, day, question_hash FROM insight_question_changes(changes) WHERE sign < 0 AND shared_assistant_id <> '') k
  WHERE (r.shared_assistant_id, r.owner_id, r.assistant_id, r.grain, r.day, r.question_hash, r.latest_id) = (k.shared_assistant_id, k.owner_id, k.assistant_id, k.grain, k.day, k.question_hash, k.id);
  UPDATE insight_questions r SET (latest_at, latest_id) = (
    SELECT m.created_at, m.id FROM messages m
    WHERE m.owner_id = r.owner_id AND m.shared_assistant_id IS NULL AND coalesce(m.assistant_id, '') = r.assistant_id
      AND m.created_at >= (r.day::timestamp AT TIME ZONE 'Asia/Taipei') AND m.created_at < ((r.day + CASE r.grain WHEN 'week' THEN 7 ELSE 1 END)::timestamp AT TIME ZONE 'Asia/Taipei')
      AND m.role = 'user' AND m.image_data IS NULL AND md5(m.content) = r.question_hash
    ORDER BY m.created_at DESC LIMIT 1)
  FROM (SELECT DISTINCT id, shared_assistant_id, owner_id, assistant_id, grain, day, question_hash FROM insight_question_changes(changes) WHERE sign < 0 AND shared_assistant_id = '') k
  WHERE (r.shared_assistant_id, r.owner_id, r.assistant_id, r.grain, r.day, r.question_hash, r.latest_id) = (k.shared_assistant_id, k.owner_id, k.assistant_id, k.grain, k.day, k.question_hash, k.id);
END
$$;
--> statement-breakpoint
CREATE FUNCTION insights_rollup_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_rollup_apply(ARRAY(SELECT insight_change_of(n, 1) FROM new_rows n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION insights_rollup_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_rollup_apply(ARRAY(SELECT insight_change_of(o, -1) FROM old_rows o));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update counts only when it moves something the rollup keeps (a vote, a guest's conversation
-- becoming a signed-in user's); a reply's text being written does not.
CREATE FUNCTION insights_rollup_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_rollup_apply(ARRAY(
    SELECT x.change FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (insight_change_of(o, -1)), (insight_change_of(n, 1))) AS x(change)
    WHERE insight_change_of(o, 1) IS DISTINCT FROM insight_change_of(n, 1)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insights_rollup_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_rollup_on_insert();
--> statement-breakpoint
CREATE TRIGGER insights_rollup_update AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_rollup_on_update();
--> statement-breakpoint
CREATE TRIGGER insights_rollup_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_rollup_on_delete();
--> statement-breakpoint
-- The messages already kept, a month at a time.
DO $$
DECLARE month timestamptz;
BEGIN
  FOR month IN SELECT DISTINCT date_trunc('month', created_at) FROM messages LOOP
    PERFORM insights_rollup_apply(ARRAY(SELECT insight_change_of(m, 1) FROM messages m WHERE date_trunc('month', m.created_at) = month));
  END LOOP;
END
$$;
