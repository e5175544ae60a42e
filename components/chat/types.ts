// What the chat screen works with: the server's messages (GET/POST /api/messages), plus the
// client's own temporary entries while a send is under way.

import type { ChatMessage, MessageSource } from "@/lib/chat/message-types";

export type { ChatMessage, MessageSource };

export interface SendResult {
  userMessage: ChatMessage;
  aiMessage: ChatMessage;
  error?: { code: string; message: string };
}

export interface DraftImage {
  file: File;
  dataUrl: string;
}
