import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { settingsAudit, users } from "@/lib/server/db/schema";

export interface SettingsAuditEntry {
  id: string;
  actorName: string;
  /** The actor's e-mail today; null once the account is gone. */
  actorEmail: string | null;
  changes: unknown[];
  createdAt: Date;
}

/** A setting's change log, newest first, a page at a time, with the number of entries in all. */
export async function listSettingsAudit(options: { setting: string; limit: number; offset: number }): Promise<{ entries: SettingsAuditEntry[]; total: number }> {
  const db = await getDb();
  const rows = await db
    .select({
      id: settingsAudit.id,
      actorName: settingsAudit.actorName,
      actorEmail: users.email,
      changes: settingsAudit.changes,
      createdAt: settingsAudit.createdAt,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(settingsAudit)
    .leftJoin(users, eq(users.id, settingsAudit.actorId))
    .where(eq(settingsAudit.setting, options.setting))
    .orderBy(desc(settingsAudit.createdAt), desc(settingsAudit.id))
    .limit(options.limit)
    .offset(options.offset);
  const total = rows[0]?.total ?? (options.offset > 0 ? await countSettingsAudit(options.setting) : 0);
  return { entries: rows.map(({ total: _total, ...entry }) => entry), total };
}

async function countSettingsAudit(setting: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(settingsAudit).where(eq(settingsAudit.setting, setting));
  return row?.n ?? 0;
}
