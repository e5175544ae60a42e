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
  };
}

export type PublicMessage = ChatMessage;
