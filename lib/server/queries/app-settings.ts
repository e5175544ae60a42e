import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb, onDatabaseSwitch } from "@/lib/server/db/client";
import { appSettings, settingsAudit } from "@/lib/server/db/schema";

// Settings read on every request (the AI service) may be served from a short-lived copy; this
// instance's own writes drop it at once, another instance's are seen within maxAgeMs.
const recent = new Map<string, { value: unknown; at: number }>();

export async function getSetting<T>(key: string, options: { maxAgeMs?: number } = {}): Promise<T | undefined> {
  const cached = recent.get(key);
  if (options.maxAgeMs && cached && Date.now() - cached.at < options.maxAgeMs) return cached.value as T | undefined;
  const db = await getDb();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (options.maxAgeMs) recent.set(key, { value: row?.value, at: Date.now() });
  return row?.value as T | undefined;
}

export async function setSetting(key: string, value: unknown) {
  recent.delete(key);
  const db = await getDb();
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
  // Again once written: a read in flight meanwhile may have stored the old value.
  recent.delete(key);
}

onDatabaseSwitch(() => recent.clear());

/** Stores `value` unless the key already has one; returns whichever value won (safe across instances). */
export async function getOrCreateSetting<T>(key: string, value: T): Promise<T> {
  recent.delete(key);
  const db = await getDb();
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing({ target: appSettings.key });
  return (await getSetting<T>(key)) as T;
}

/**
 * Changes a setting and records who changed what, together: `change` gets the value as it is now
 * (the row locked until the end, so two admins saving at once are applied one after the other,
 * each against what the other left) and returns the new value with the changes to record, or
 * null when nothing changes (then nothing is written or recorded). `change` must not query the
 * database itself.
 */
export async function updateSettingWithAudit<T>(
  key: string,
  actor: { id: string; name: string },
  change: (current: T | undefined) => { value: T; changes: unknown[] } | null,
): Promise<{ value: T; changes: unknown[] } | null> {
  recent.delete(key);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // The row exists before it is locked: FOR UPDATE cannot lock a row that is not there yet.
    await tx.insert(appSettings).values({ key, value: {} }).onConflictDoNothing({ target: appSettings.key });
    const [row] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).for("update");
    const next = change(row?.value as T | undefined);
    if (!next) return null;
    await tx.update(appSettings).set({ value: next.value, updatedAt: sql`now()` }).where(eq(appSettings.key, key));
    await tx.insert(settingsAudit).values({ setting: key, actorId: actor.id, actorName: actor.name, changes: next.changes });
    return next;
  });
  recent.delete(key);
  return result;
}
