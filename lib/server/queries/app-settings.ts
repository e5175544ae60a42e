import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { appSettings } from "@/lib/server/db/schema";

export async function getSetting<T>(key: string): Promise<T | undefined> {
  const db = await getDb();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value as T | undefined;
}

export async function setSetting(key: string, value: unknown) {
  const db = await getDb();
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** Stores `value` unless the key already has one; returns whichever value won (safe across instances). */
export async function getOrCreateSetting<T>(key: string, value: T): Promise<T> {
  const db = await getDb();
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing({ target: appSettings.key });
  return (await getSetting<T>(key)) as T;
}
