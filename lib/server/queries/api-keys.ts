import "server-only";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/server/db/client";
import { prepared } from "@/lib/server/db/prepared";
import { apiKeys, assistants, users, type User } from "@/lib/server/db/schema";
import type { AssistantRow } from "./assistants";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

// Ownership lives in every query: another owner's key or assistant is simply not found.

/** The assistant's keys, newest first (revoked ones too, so the owner sees when they stopped). */
export async function listApiKeys(ownerId: string, assistantId: string): Promise<ApiKeyRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.ownerId, ownerId), eq(apiKeys.assistantId, assistantId)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * Adds a key to one of the owner's assistants unless it already has `max` live ones: "no_assistant"
 * when the assistant is not theirs, "full" at the limit. Counted and inserted in one transaction
 * with the assistant's row locked, so two at once cannot both pass the count.
 */
export async function insertApiKey(
  values: { id: string; ownerId: string; assistantId: string; name: string; secretHash: string },
  max: number,
): Promise<ApiKeyRow | "no_assistant" | "full"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [assistant] = await tx
      .select({ id: assistants.id })
      .from(assistants)
      .where(and(eq(assistants.id, values.assistantId), eq(assistants.ownerId, values.ownerId)))
      .for("update");
    if (!assistant) return "no_assistant";
    const [{ live }] = await tx
      .select({ live: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.assistantId, values.assistantId), isNull(apiKeys.revokedAt)));
    if (live >= max) return "full";
    const [row] = await tx.insert(apiKeys).values(values).returning();
    return row;
  });
}

/** Revokes one of the owner's keys of this assistant; false when there is no such key (already revoked keys stay as they were). */
export async function revokeApiKey(ownerId: string, assistantId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.ownerId, ownerId), eq(apiKeys.assistantId, assistantId)))
    .returning();
  return row;
}

export interface KeyHolder {
  key: ApiKeyRow;
  owner: User;
  assistant: AssistantRow;
}

/** The statement findLiveApiKey runs, its key id the placeholder "id" (tests read its plan). */
export function liveApiKeyQuery(db: Db) {
  return db
    .select({ key: apiKeys, owner: users, assistant: assistants })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.ownerId))
    .innerJoin(assistants, eq(assistants.id, apiKeys.assistantId))
    .where(and(eq(apiKeys.id, sql.placeholder("id")), isNull(apiKeys.revokedAt)));
}

/**
 * A live key by its id (the primary key: one index probe whatever the table holds), with its
 * owner and assistant. Read on every request, never cached, so a revocation holds at once on
 * every instance.
 */
export async function findLiveApiKey(id: string): Promise<KeyHolder | undefined> {
  const query = await prepared("findLiveApiKey", (db) => liveApiKeyQuery(db).prepare(""));
  const [row] = await query.execute({ id });
  return row;
}

/** Notes a key's use, at most once per `precisionMs` (a busy key does not rewrite its row on every call). */
export async function touchApiKey(id: string, precisionMs: number): Promise<void> {
  const db = await getDb();
  const before = new Date(Date.now() - precisionMs);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, before))));
}
