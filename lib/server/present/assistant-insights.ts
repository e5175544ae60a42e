import "server-only";
import type { InsightReply, InsightsDay } from "@/lib/server/queries/assistant-insights";

// An assistant's insights as the screen and its CSV read them. Visitors are never named: a row
// says where its conversation is, for the owner to open it, and a guest only as "visitor N".

/** Where a row's conversation is: the owner's own chat with the assistant, or one visitor's on a share. */
export type ConversationLink = { kind: "own"; assistantId: string } | { kind: "share"; shareId: string; conversationId: string };

export interface InsightsDayRow extends InsightsDay {
  /** Replies that did not answer, as a share of the day's replies (null on a day without replies). */
  unansweredShare: number | null;
}

export interface InsightsListRow {
  id: string;
  at: string;
  question: string | null;
  reply: string;
  comment: string | null;
  conversation: ConversationLink | null;
  /** A guest's number among the assistant's guests (first visit first); null for the owner's own chat or a signed-in visitor. */
  visitor: number | null;
}

export interface QuestionGroupRow {
  question: string;
  count: number;
  /** Other wordings counted with it, the most asked first. */
  rewordings: string[];
  conversation: ConversationLink | null;
}

export interface AssistantInsights {
  assistant: { id: string; name: string; retentionDays: number | null };
  range: { from: string; to: string; days: number };
  totals: { messages: number; replies: number; unanswered: number; unansweredShare: number | null };
  days: InsightsDayRow[];
  topQuestions: QuestionGroupRow[];
  unanswered: InsightsListRow[];
  thumbsDown: InsightsListRow[];
}

// A reply is shown in part: enough to recognise it, the conversation holds the rest.
const REPLY_PREVIEW_CHARS = 300;

export const shareOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

export function toDayRow(day: InsightsDay): InsightsDayRow {
  return { ...day, unansweredShare: shareOf(day.unanswered, day.replies) };
}

type Place = { sharedAssistantId: string | null; guestUserId: string | null; registeredUserId: string | null };

/** The link to a message's conversation; null for a share no longer known (its assistant changed). */
export function conversationLink(place: Place, assistantId: string, shareIds: ReadonlyMap<string, string>): ConversationLink | null {
  if (!place.sharedAssistantId) return { kind: "own", assistantId };
  const shareId = shareIds.get(place.sharedAssistantId);
  if (!shareId) return null;
  if (place.guestUserId) return { kind: "share", shareId, conversationId: `g-${place.guestUserId}` };
  if (place.registeredUserId) return { kind: "share", shareId, conversationId: `u-${place.registeredUserId}` };
  return null;
}

export function toListRow(reply: InsightReply, assistantId: string, shareIds: ReadonlyMap<string, string>, visitorNumbers: ReadonlyMap<string, number> = new Map()): InsightsListRow {
  return {
    id: reply.id,
    at: reply.createdAt.toISOString(),
    question: reply.question,
    reply: reply.reply.length > REPLY_PREVIEW_CHARS ? `${reply.reply.slice(0, REPLY_PREVIEW_CHARS)}…` : reply.reply,
    comment: reply.ratingComment,
    conversation: conversationLink(reply, assistantId, shareIds),
    visitor: reply.guestUserId ? (visitorNumbers.get(reply.guestUserId) ?? null) : null,
  };
}
