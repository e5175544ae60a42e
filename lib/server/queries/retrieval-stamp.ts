import "server-only";
import { randomUUID } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { getDb, onDatabaseSwitch } from "@/lib/server/db/client";
import { appSettings } from "@/lib/server/db/schema";

// A per-owner stamp that changes whenever the owner's set of processed documents changes. Every
// instance keeps its in-memory index and compares stamps before a search, so a document
// processed or deleted on one instance is seen by all.

const keyFor = (ownerId: string) => `retrieval_stamp:${ownerId}`;

/** A stamp starting with this asks every instance to rebuild that owner's index, not patch it. */
export const FULL_RELOAD_PREFIX = "full:";

// Read before every search: a copy up to a second old spares a busy share one query per message.
// This instance's own changes drop it at once; another instance's are seen within the second (and
// a passage deleted meanwhile is still skipped, since passages are loaded from the database).
const STAMP_MAX_AGE_MS = 1_000;
const recent = new Map<string, { value: string; at: number }>();
onDatabaseSwitch(() => recent.clear());

/** After stamps were changed in bulk (a reindex), or the database was switched: read them afresh. */
export function forgetRetrievalStamps() {
  recent.clear();
}

/** After an owner's stamp changed and the change committed. */
export function forgetRetrievalStamp(ownerId: string) {
  recent.delete(ownerId);
}

/** `full`: known documents' passages changed (a document indexed again), so indexes are rebuilt rather than patched. */
export async function bumpRetrievalStamp(tx: Db, ownerId: string, options: { full?: boolean } = {}) {
  recent.delete(ownerId);
  const value = options.full ? `${FULL_RELOAD_PREFIX}${randomUUID()}` : randomUUID();
  await tx
    .insert(appSettings)
    .values({ key: keyFor(ownerId), value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

export async function readRetrievalStamp(ownerId: string): Promise<string> {
  const cached = recent.get(ownerId);
  if (cached && Date.now() - cached.at < STAMP_MAX_AGE_MS) return cached.value;
  const db = await getDb();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, keyFor(ownerId)));
  const value = typeof row?.value === "string" ? row.value : "none";
  recent.set(ownerId, { value, at: Date.now() });
  return value;
}

/** Every owner's index is rebuilt from scratch on its next search ("full:" stamps), on every instance. */
export async function restampAllForFullReload() {
  const db = await getDb();
  await db
    .update(appSettings)
    .set({ value: sql`to_jsonb(${FULL_RELOAD_PREFIX} || gen_random_uuid()::text)`, updatedAt: sql`now()` })
    .where(like(appSettings.key, "retrieval_stamp:%"));
  forgetRetrievalStamps();
}
