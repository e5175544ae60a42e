import "server-only";
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { messages, users } from "@/lib/server/db/schema";

// Visitors' conversations on a share, as its owner reads them. A conversation is a guest's (their
// guest session) or a signed-in visitor's (their account, once no guest session holds the
// messages); public mode keeps none. Every query here takes the share's row id, which callers get
// only from a query that checked the owner (lib/server/policies/share-owner.ts).

export type ConversationRef = { kind: "guest"; guestSessionId: string } | { kind: "user"; userId: string };

/** The conversation's id in URLs: "g-<guest session>" or "u-<user>". */
export function conversationId(ref: ConversationRef): string {
  return ref.kind === "guest" ? `g-${ref.guestSessionId}` : `u-${ref.userId}`;
}

const ID_PATTERN = /^([gu])-([0-9a-f-]{36})$/;

export function parseConversationId(id: string): ConversationRef | null {
  const match = ID_PATTERN.exec(id);
  if (!match) return null;
  return match[1] === "g" ? { kind: "guest", guestSessionId: match[2] } : { kind: "user", userId: match[2] };
}

function inConversation(ref: ConversationRef): SQL {
  return ref.kind === "guest" ? eq(messages.guestUserId, ref.guestSessionId) : and(eq(messages.registeredUserId, ref.userId), isNull(messages.guestUserId))!;
}

/** `%text%` for ILIKE, the text's own % _ \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Which conversation a message is in, as one value to group and order by.
const conversationKey = sql<string>`coalesce('g-' || ${messages.guestUserId}, 'u-' || ${messages.registeredUserId})`;

/** Messages of the share's visitor conversations (not public-mode traffic, which stores none). */
const visitorMessages = (sharedAssistantId: string) =>
  and(eq(messages.sharedAssistantId, sharedAssistantId), or(sql`${messages.guestUserId} IS NOT NULL`, sql`${messages.registeredUserId} IS NOT NULL`))!;

/** Conversations holding a message that contains `search` (case-insensitive). */
function matching(sharedAssistantId: string, search: string): SQL {
  return sql`${conversationKey} IN (SELECT coalesce('g-' || m.guest_user_id, 'u-' || m.registered_user_id) FROM ${messages} m WHERE m.shared_assistant_id = ${sharedAssistantId} AND m.content ILIKE ${containsPattern(search)})`;
}

export interface ConversationSummary {
  id: string;
  ref: ConversationRef;
  /** A signed-in visitor's display name; null for a guest. */
  visitorName: string | null;
  startedAt: Date;
  lastMessageAt: Date;
  messageCount: number;
  /** The first question, or with a search the first message that matches. */
  preview: string;
}

/** One page of a share's conversations, latest activity first, optionally only those with a message containing `search`. */
export async function listShareConversations(options: { sharedAssistantId: string; search?: string; limit: number; offset: number }): Promise<{ conversations: ConversationSummary[]; total: number }> {
  const db = await getDb();
  const where = options.search ? and(visitorMessages(options.sharedAssistantId), matching(options.sharedAssistantId, options.search))! : visitorMessages(options.sharedAssistantId);
  const rows = await db
    .select({
      guestSessionId: messages.guestUserId,
      userId: messages.registeredUserId,
      startedAt: sql<Date>`min(${messages.createdAt})`.mapWith(messages.createdAt),
      lastMessageAt: sql<Date>`max(${messages.createdAt})`.mapWith(messages.createdAt),
      messageCount: sql<number>`count(*)::int`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(messages)
    .where(where)
    .groupBy(messages.guestUserId, messages.registeredUserId)
    .orderBy(desc(sql`max(${messages.createdAt})`), asc(messages.guestUserId), asc(messages.registeredUserId))
    .limit(options.limit)
    .offset(options.offset);
  const total = rows[0]?.total ?? (options.offset > 0 ? await countConversations(where) : 0);
  if (rows.length === 0) return { conversations: [], total };

  const refs: ConversationRef[] = rows.map((r) => (r.guestSessionId ? { kind: "guest", guestSessionId: r.guestSessionId } : { kind: "user", userId: r.userId! }));
  const [previews, names] = await Promise.all([previewsOf(options.sharedAssistantId, refs, options.search), namesOf(refs)]);
  return {
    total,
    conversations: rows.map((row, i) => {
      const ref = refs[i];
      const id = conversationId(ref);
      return {
        id,
        ref,
        visitorName: ref.kind === "user" ? (names.get(ref.userId) ?? null) : null,
        startedAt: row.startedAt,
        lastMessageAt: row.lastMessageAt,
        messageCount: row.messageCount,
        preview: previews.get(id) ?? "",
      };
    }),
  };
}

async function countConversations(where: SQL): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(DISTINCT ${conversationKey})::int` }).from(messages).where(where);
  return row?.n ?? 0;
}

const PREVIEW_LENGTH = 200;

/** Per conversation: its first visitor question, or with a search its first message that matches. */
async function previewsOf(sharedAssistantId: string, refs: ConversationRef[], search?: string): Promise<Map<string, string>> {
  const db = await getDb();
  const guests = refs.flatMap((r) => (r.kind === "guest" ? [r.guestSessionId] : []));
  const usersIn = refs.flatMap((r) => (r.kind === "user" ? [r.userId] : []));
  const which = or(
    guests.length ? inArray(messages.guestUserId, guests) : undefined,
    usersIn.length ? and(inArray(messages.registeredUserId, usersIn), isNull(messages.guestUserId)) : undefined,
  );
  const rows = await db
    .selectDistinctOn([conversationKey], { key: conversationKey, content: sql<string>`left(${messages.content}, ${PREVIEW_LENGTH})` })
    .from(messages)
    .where(and(eq(messages.sharedAssistantId, sharedAssistantId), which, search ? ilike(messages.content, containsPattern(search)) : eq(messages.role, "user")))
    .orderBy(conversationKey, asc(messages.createdAt), asc(messages.id));
  return new Map(rows.map((r) => [r.key, r.content]));
}

async function namesOf(refs: ConversationRef[]): Promise<Map<string, string>> {
  const ids = refs.flatMap((r) => (r.kind === "user" ? [r.userId] : []));
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface ConversationMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  imageData: string | null;
  imageFileName: string | null;
  isError: boolean;
  createdAt: Date;
}

/** The latest `limit` messages of one conversation on the share (oldest first) and how many it holds; none when it is not there. */
export async function readShareConversation(options: { sharedAssistantId: string; ref: ConversationRef; limit: number }): Promise<{ summary: ConversationSummary; messages: ConversationMessage[] } | null> {
  const db = await getDb();
  const where = and(eq(messages.sharedAssistantId, options.sharedAssistantId), inConversation(options.ref));
  const rows = await db
    .select({
      id: messages.id,
      role: messages.role,
      content: messages.content,
      imageData: messages.imageData,
      imageFileName: messages.imageFileName,
      isError: messages.isError,
      createdAt: messages.createdAt,
      total: sql<number>`count(*) over ()::int`,
      startedAt: sql<Date>`min(${messages.createdAt}) over ()`.mapWith(messages.createdAt),
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit);
  if (rows.length === 0) return null;
  const names = await namesOf([options.ref]);
  const ordered = rows.reverse();
  const first = ordered.find((m) => m.role === "user");
  return {
    summary: {
      id: conversationId(options.ref),
      ref: options.ref,
      visitorName: options.ref.kind === "user" ? (names.get(options.ref.userId) ?? null) : null,
      startedAt: rows[0].startedAt,
      lastMessageAt: ordered.at(-1)!.createdAt,
      messageCount: rows[0].total,
      preview: first?.content.slice(0, PREVIEW_LENGTH) ?? "",
    },
    messages: ordered.map(({ total: _total, startedAt: _startedAt, ...m }) => m),
  };
}

export interface ExportMessageRow {
  conversationId: string;
  createdAtText: string;
  visitorName: string | null;
  id: string;
  role: "user" | "assistant";
  content: string;
  imageFileName: string | null;
  isError: boolean;
  createdAt: Date;
}

export interface ExportCursor {
  conversationId: string;
  /** The timestamp as the database wrote it (to the microsecond, which a Date would round). */
  createdAtText: string;
  id: string;
}

/**
 * The next `limit` messages of the share's conversations for an export, conversation by
 * conversation and in order within each, after `cursor` (keyset paging: each batch is one indexed
 * read however far the export has got). Images are named, not included.
 */
export async function exportBatch(options: { sharedAssistantId: string; search?: string; after?: ExportCursor; limit: number }): Promise<ExportMessageRow[]> {
  const db = await getDb();
  const after = options.after
    ? sql`(${conversationKey}, ${messages.createdAt}, ${messages.id}) > (${options.after.conversationId}, ${options.after.createdAtText}::timestamptz, ${options.after.id})`
    : undefined;
  const rows = await db
    .select({
      conversationId: conversationKey,
      createdAtText: sql<string>`${messages.createdAt}::text`,
      visitorName: users.displayName,
      id: messages.id,
      role: messages.role,
      content: messages.content,
      imageFileName: messages.imageFileName,
      isError: messages.isError,
      createdAt: messages.createdAt,
    })
    .from(messages)
    // Only a signed-in visitor's conversation names an account.
    .leftJoin(users, and(eq(users.id, messages.registeredUserId), isNull(messages.guestUserId)))
    .where(and(visitorMessages(options.sharedAssistantId), options.search ? matching(options.sharedAssistantId, options.search) : undefined, after))
    .orderBy(conversationKey, asc(messages.createdAt), asc(messages.id))
    .limit(options.limit);
  return rows;
}
