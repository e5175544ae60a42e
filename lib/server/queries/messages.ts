import "server-only";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/server/db/client";
import { prepared } from "@/lib/server/db/prepared";
import { messages, sharedAssistants } from "@/lib/server/db/schema";

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/**
 * Whose conversation: the owner's own with one of their assistants at "/", a guest's on a share
 * (their guest session), or a signed-in visitor's on a share. Every message query takes one, so no
 * query can mix them. (The owner's messages from before assistants, or written meanwhile by an
 * older instance, name no assistant: they are the default assistant's.)
 */
export type ConversationKey =
  | { kind: "own"; ownerId: string; assistantId: string; isDefault: boolean }
  | { kind: "share-guest"; sharedAssistantId: string; guestSessionId: string; sessionId: string }
  | { kind: "share-user"; sharedAssistantId: string; userId: string };

function where(key: ConversationKey) {
  switch (key.kind) {
    case "own":
      return and(
        eq(messages.ownerId, key.ownerId),
        isNull(messages.sharedAssistantId),
        key.isDefault ? or(eq(messages.assistantId, key.assistantId), isNull(messages.assistantId)) : eq(messages.assistantId, key.assistantId),
      );
    case "share-guest":
      return and(eq(messages.sharedAssistantId, key.sharedAssistantId), eq(messages.guestUserId, key.guestSessionId));
    case "share-user":
      return and(eq(messages.sharedAssistantId, key.sharedAssistantId), eq(messages.registeredUserId, key.userId), isNull(messages.guestUserId));
  }
}

/** The columns that place a new message in the conversation. */
export function conversationFields(key: ConversationKey): Partial<NewMessage> {
  switch (key.kind) {
    case "own":
      return { ownerId: key.ownerId, assistantId: key.assistantId };
    case "share-guest":
      return { sharedAssistantId: key.sharedAssistantId, guestUserId: key.guestSessionId, sessionId: key.sessionId };
    case "share-user":
      return { sharedAssistantId: key.sharedAssistantId, registeredUserId: key.userId };
  }
}

export async function listConversation(key: ConversationKey): Promise<MessageRow[]> {
  const db = await getDb();
  return db.select().from(messages).where(where(key)).orderBy(asc(messages.createdAt));
}

/** Whether the conversation has any message (the chat page fetches the messages' code early only then). */
export async function hasConversation(key: ConversationKey): Promise<boolean> {
  const db = await getDb();
  const rows = await db.select({ id: messages.id }).from(messages).where(where(key)).limit(1);
  return rows.length > 0;
}

/** The latest `limit` messages of a conversation, oldest first. */
export async function recentConversation(key: ConversationKey, limit: number): Promise<MessageRow[]> {
  const db = await getDb();
  const rows = await db.select().from(messages).where(where(key)).orderBy(desc(messages.createdAt)).limit(limit);
  return rows.reverse();
}

export async function deleteConversation(key: ConversationKey): Promise<number> {
  const db = await getDb();
  const rows = await db.delete(messages).where(where(key)).returning({ id: messages.id });
  return rows.length;
}

/**
 * A guest's conversation on a share becomes the signed-in visitor's (they signed in from that
 * browser). Returns how many messages moved.
 */
export async function moveGuestConversationToUser(from: Extract<ConversationKey, { kind: "share-guest" }>, userId: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(messages)
    .set({ guestUserId: null, sessionId: null, registeredUserId: userId })
    .where(where(from))
    .returning({ id: messages.id });
  return rows.length;
}

/** The owner's own conversation with one of their assistants. */
export function ownConversation(assistant: { id: string; ownerId: string; isDefault: boolean }): Extract<ConversationKey, { kind: "own" }> {
  return { kind: "own", ownerId: assistant.ownerId, assistantId: assistant.id, isDefault: assistant.isDefault };
}

export interface ExportRow {
  id: string;
  role: "user" | "assistant";
  content: string;
  createdAt: Date;
  imageFileName: string | null;
  /** The stored image's size (its data URL's length), 0 without one: the image itself is read separately. */
  imageBytes: number;
}

/**
 * The latest `limit` messages of the owner's conversation that an export shows (not error
 * replies), newest first, without their images, and how many such messages there are in all.
 */
export async function latestOwnMessagesForExport(key: Extract<ConversationKey, { kind: "own" }>, limit: number): Promise<{ rows: ExportRow[]; total: number }> {
  const db = await getDb();
  const rows = await db
    .select({
      id: messages.id,
      role: messages.role,
      content: messages.content,
      createdAt: messages.createdAt,
      imageFileName: messages.imageFileName,
      imageBytes: sql<number>`coalesce(octet_length(${messages.imageData}), 0)::int`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(messages)
    .where(and(where(key), eq(messages.isError, false)))
    .orderBy(desc(messages.createdAt))
    .limit(limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** The images of the given messages of the owner's conversation, by message id. */
export async function ownMessageImages(key: Extract<ConversationKey, { kind: "own" }>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: messages.id, imageData: messages.imageData })
    .from(messages)
    .where(and(where(key), inArray(messages.id, [...ids])));
  return new Map(rows.filter((r) => r.imageData !== null).map((r) => [r.id, r.imageData!]));
}

/** Whether a stored message belongs to a conversation (the same rule as the queries' filter). */
export function inConversation(row: MessageRow, key: ConversationKey): boolean {
  switch (key.kind) {
    case "own":
      return row.ownerId === key.ownerId && row.sharedAssistantId === null && (row.assistantId === key.assistantId || (key.isDefault && row.assistantId === null));
    case "share-guest":
      return row.sharedAssistantId === key.sharedAssistantId && row.guestUserId === key.guestSessionId;
    case "share-user":
      return row.sharedAssistantId === key.sharedAssistantId && row.registeredUserId === key.userId && row.guestUserId === null;
  }
}

/** A retried send's stored question and reply (client ids are unique), in one query. */
export async function findExchangeByClientId(clientId: string): Promise<{ question?: MessageRow; reply?: MessageRow }> {
  const query = await prepared("findExchangeByClientId", (db) =>
    db
      .select()
      .from(messages)
      .where(inArray(messages.clientId, [sql.placeholder("question"), sql.placeholder("reply")]))
      .prepare(""),
  );
  const rows = await query.execute({ question: clientId, reply: `${clientId}:reply` });
  return { question: rows.find((r) => r.clientId === clientId), reply: rows.find((r) => r.clientId === `${clientId}:reply`) };
}

/**
 * Writes a question and its reply together: a conversation never holds one without the other.
 * One statement, so it is atomic without a transaction (and one round trip on a busy share).
 * Callers set createdAt on both (the reply later).
 */
export async function insertExchange(question: NewMessage, reply: NewMessage): Promise<[MessageRow, MessageRow]> {
  const query = await prepared("insertExchange", (db) =>
    db
      .insert(messages)
      .values([placeholderRow("q"), placeholderRow("r")])
      .returning()
      .prepare(""),
  );
  const rows = await query.execute({ ...placeholderValues("q", question), ...placeholderValues("r", reply) });
  // The two rows differ in role (the question is the user's), whatever order RETURNING gives.
  const user = rows.find((r) => r.role === question.role)!;
  const assistant = rows.find((r) => r.role === reply.role)!;
  return [user, assistant];
}

// Every column of a new message as a placeholder named with a row prefix. The id is made here
// when not given (a reply names its question's, made before either is stored); the timestamp and the JSON go in as text so that a null stays SQL NULL (a column's
// own encoder would turn null sources into JSON null and fail on a null date).
const MESSAGE_COLUMNS = ["ownerId", "assistantId", "sharedAssistantId", "sessionId", "guestUserId", "registeredUserId", "role", "content", "imageData", "imageFileName", "isError", "clientId", "answerSignal", "replyTo", "curatedAnswerId", "id"] as const;

function placeholderRow(prefix: string) {
  const row: Record<string, unknown> = Object.fromEntries(MESSAGE_COLUMNS.map((column) => [column, sql.placeholder(`${prefix}_${column}`)]));
  row.sources = sql`${sql.placeholder(`${prefix}_sources`)}::jsonb`;
  row.createdAt = sql`${sql.placeholder(`${prefix}_createdAt`)}::timestamptz`;
  return row as unknown as NewMessage;
}

function placeholderValues(prefix: string, message: NewMessage): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of MESSAGE_COLUMNS) values[`${prefix}_${column}`] = message[column] ?? null;
  values[`${prefix}_id`] = message.id ?? randomUUID();
  values[`${prefix}_isError`] = message.isError ?? false;
  values[`${prefix}_sources`] = message.sources == null ? null : JSON.stringify(message.sources);
  values[`${prefix}_createdAt`] = (message.createdAt ?? new Date()).toISOString();
  return values;
}

/** Counts one visitor message on a share (shown to its owner), stored or not. */
export async function countShareMessage(sharedAssistantId: string): Promise<void> {
  const query = await prepared("countShareMessage", (db) =>
    db
      .update(sharedAssistants)
      .set({ messageCount: sql`${sharedAssistants.messageCount} + 1` })
      .where(eq(sharedAssistants.id, sql.placeholder("id")))
      .prepare(""),
  );
  await query.execute({ id: sharedAssistantId });
}

export interface ReplyRating {
  rating: "up" | "down" | null;
  comment: string | null;
}

/**
 * Sets (or takes back, with a null rating) the vote on a reply of `conversation`; only a stored
 * reply that is not an error reply can be rated. Undefined when there is no such reply in that conversation.
 */
export async function rateReply(conversation: ConversationKey | { kind: "own-any"; ownerId: string }, messageId: string, vote: ReplyRating): Promise<MessageRow | undefined> {
  const db = await getDb();
  const whose = conversation.kind === "own-any" ? and(eq(messages.ownerId, conversation.ownerId), isNull(messages.sharedAssistantId)) : where(conversation);
  const [row] = await db
    .update(messages)
    .set({ rating: vote.rating, ratingComment: vote.rating ? vote.comment : null, ratedAt: vote.rating ? new Date() : null })
    .where(and(eq(messages.id, messageId), eq(messages.role, "assistant"), eq(messages.isError, false), whose))
    .returning();
  return row;
}
