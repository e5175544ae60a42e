import "server-only";
import type { ConversationMessage, ConversationSummary } from "@/lib/server/queries/share-conversations";

// A share's conversations as its owner reads them. A guest is named only by a short code made
// from their conversation's id; a signed-in visitor by their display name (never their e-mail).

export function guestCode(guestSessionId: string): string {
  return guestSessionId.replace(/-/g, "").slice(0, 6).toUpperCase();
}

export function toConversationSummary(summary: ConversationSummary) {
  return {
    id: summary.id,
    visitor: summary.ref.kind,
    visitorName: summary.visitorName,
    guestCode: summary.ref.kind === "guest" ? guestCode(summary.ref.guestSessionId) : null,
    startedAt: summary.startedAt.toISOString(),
    lastMessageAt: summary.lastMessageAt.toISOString(),
    messageCount: summary.messageCount,
    preview: summary.preview,
  };
}

export function toConversationMessage(message: ConversationMessage) {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    imageData: message.imageData,
    imageFileName: message.imageFileName,
    isError: message.isError,
    createdAt: message.createdAt.toISOString(),
  };
}

export type ShareConversationSummary = ReturnType<typeof toConversationSummary>;
export type ShareConversationMessage = ReturnType<typeof toConversationMessage>;

/** A page of a share's conversations, latest first. */
export interface ShareConversationPage {
  conversations: ShareConversationSummary[];
  total: number;
  page: number;
  pageSize: number;
  /** The share is in public mode now: what is listed came before it was switched on. */
  publicMode: boolean;
}

/** One conversation: its latest messages, oldest first (`truncated`: the export holds them all). */
export interface ShareConversationDetail {
  conversation: ShareConversationSummary;
  messages: ShareConversationMessage[];
  truncated: boolean;
}
