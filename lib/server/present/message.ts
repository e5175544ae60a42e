import "server-only";
import type { ChatMessage, MessageSource } from "@/lib/chat/message-types";
import type { MessageRow } from "@/lib/server/queries/messages";

export type { MessageSource };

export function toPublicMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    imageData: row.imageData,
    imageFileName: row.imageFileName,
    createdAt: row.createdAt.toISOString(),
    isError: row.isError,
    sources: (row.sources ?? []) as MessageSource[],
    ...(row.role === "assistant" && { rating: row.rating ?? null, ratingComment: row.ratingComment ?? null }),
    ...(row.curatedAnswerId && { ownerAnswer: true }),
  };
}

export type PublicMessage = ChatMessage;

/**
 * POST /api/messages (and a share's): the question and the reply as stored. When the model failed
 * the reply is a stored error reply, `error` says so and the status is 500. Streamed, the "done"
 * event carries the same.
 */
export interface MessageReply {
  userMessage: ChatMessage;
  aiMessage: ChatMessage;
  error?: { code: "ai_failed"; message: string };
}

export function toMessageReply(result: { userMessage: ChatMessage; aiMessage: ChatMessage; error?: string }): MessageReply {
  const { userMessage, aiMessage } = result;
  return result.error ? { userMessage, aiMessage, error: { code: "ai_failed", message: result.error } } : { userMessage, aiMessage };
}
