import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { APP_TIME_ZONE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";

// What the weekly digest tells an owner: the questions their assistants did not answer that week,
// and the replies their readers thumbed down that week (however old the reply), per assistant,
// from its own chat and its shares' as on its insights screen.

export interface DigestWeek {
  /** The week's first and last day (the product's days), as on the insights screen's range. */
  from: string;
  to: string;
}

export interface DigestItem {
  assistantId: string;
  /** Null until the owner names it (the default name in their language then). */
  assistantName: string | null;
  kind: "unanswered" | "thumbs_down";
  question: string | null;
  comment: string | null;
  at: Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A reply of the week that did not answer, or that was thumbed down during the week. */
function flagged(week: DigestWeek): SQL {
  const from = sql`(${week.from}::date)::timestamp AT TIME ZONE ${APP_TIME_ZONE}`;
  const to = sql`(${week.to}::date + 1)::timestamp AT TIME ZONE ${APP_TIME_ZONE}`;
  return sql`m.role = 'assistant' AND ((m.answer_signal = 'not_answered' AND m.created_at >= ${from} AND m.created_at < ${to})
    OR (m.rating = 'down' AND m.rated_at >= ${from} AND m.rated_at < ${to}))`;
}

/** The owners (enabled, not stopped the digest) with at least one flagged reply in the week. */
export async function ownersToDigest(week: DigestWeek): Promise<string[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT u.id FROM users u
    WHERE NOT u.disabled AND u.insights_digest_stopped_at IS NULL AND (
      EXISTS (SELECT 1 FROM messages m JOIN assistants a ON a.owner_id = m.owner_id AND (m.assistant_id = a.id OR (a.is_default AND m.assistant_id IS NULL))
        WHERE m.owner_id = u.id AND m.shared_assistant_id IS NULL AND ${flagged(week)})
      OR EXISTS (SELECT 1 FROM shared_assistants s JOIN messages m ON m.shared_assistant_id = s.id
        WHERE s.owner_id = u.id AND s.assistant_id IS NOT NULL AND ${flagged(week)}))
    ORDER BY u.id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** The owner's flagged replies of the week with their questions, newest first, at most `limit`. */
export async function digestItems(ownerId: string, week: DigestWeek, limit: number): Promise<DigestItem[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    SELECT f.digest_assistant_id AS "assistantId", a.name AS "assistantName",
      CASE WHEN f.rating = 'down' THEN 'thumbs_down' ELSE 'unanswered' END AS kind,
      q.content AS question, f.rating_comment AS comment, coalesce(f.rated_at, f.created_at) AS "at"
    FROM (
      SELECT a.id AS digest_assistant_id, m.* FROM assistants a JOIN messages m ON m.owner_id = a.owner_id AND m.shared_assistant_id IS NULL
        AND (m.assistant_id = a.id OR (a.is_default AND m.assistant_id IS NULL))
      WHERE a.owner_id = ${ownerId} AND ${flagged(week)}
      UNION ALL
      SELECT s.assistant_id AS digest_assistant_id, m.* FROM shared_assistants s JOIN messages m ON m.shared_assistant_id = s.id
      WHERE s.owner_id = ${ownerId} AND s.assistant_id IS NOT NULL AND ${flagged(week)}
    ) f
    JOIN assistants a ON a.id = f.digest_assistant_id
    LEFT JOIN messages q ON q.id = f.reply_to
    ORDER BY a.is_default DESC, a.created_at, a.id, coalesce(f.rated_at, f.created_at) DESC
    LIMIT ${limit}`);
  return rowsOf<DigestItem & { at: Date | string }>(result).map((r) => ({ ...r, at: new Date(r.at) }));
}
