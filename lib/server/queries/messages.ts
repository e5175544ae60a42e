import "server-only";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { messages } from "@/lib/server/db/schema";

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

// The owner's own conversation at "/" is the rows with their ownerId and no shared assistant.
const ownConversation = (ownerId: string) => and(eq(messages.ownerId, ownerId), isNull(messages.sharedAssistantId));

export async function listOwnMessages(ownerId: string): Promise<MessageRow[]> {
  const db = await getDb();
  return db.select().from(messages).where(ownConversation(ownerId)).orderBy(asc(messages.createdAt));
}

/** The latest `limit` messages of the owner's conversation, oldest first. */
export async function recentOwnMessages(ownerId: string, limit: number): Promise<MessageRow[]> {
  const db = await getDb();
  const rows = await db.select().from(messages).where(ownConversation(ownerId)).orderBy(desc(messages.createdAt)).limit(limit);
  return rows.reverse();
}

export async function findMessageByClientId(clientId: string): Promise<MessageRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(messages).where(eq(messages.clientId, clientId));
  return row;
}

/**
 * Writes a question and its reply together: a conversation never holds one without the other.
 * Callers set createdAt on both (the reply later), since now() is one instant in a transaction.
 */
export async function insertExchange(question: NewMessage, reply: NewMessage): Promise<[MessageRow, MessageRow]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(messages).values(question).returning();
    const [assistant] = await tx.insert(messages).values(reply).returning();
    return [user, assistant] as [MessageRow, MessageRow];
  });
}

export async function deleteOwnMessages(ownerId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.delete(messages).where(ownConversation(ownerId)).returning({ id: messages.id });
  return rows.length;
}
