// What the chat screen works with: the server's messages (GET/POST /api/messages), plus the
// client's own temporary entries while a send is under way.

export interface MessageSource {
  n: number;
  documentId: string;
  documentName: string;
  page: number | null;
  pageEnd: number | null;
  quote: string;
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  imageData: string | null;
  imageFileName: string | null;
  createdAt: string;
  isError: boolean;
  sources: MessageSource[];
  /** Client only: a message shown before the server has answered. */
  pending?: boolean;
}

export interface SendResult {
  userMessage: ChatMessage;
  aiMessage: ChatMessage;
  error?: { code: string; message: string };
}

export interface DraftImage {
  file: File;
  dataUrl: string;
}
