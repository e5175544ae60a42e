import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb, onDatabaseSwitch } from "@/lib/server/db/client";
import { appSettings } from "@/lib/server/db/schema";

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
