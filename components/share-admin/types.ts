/** A share as its owner sees it (the owner view of /api/shared-assistants), as the server presents it. */
export type { OwnerShare } from "@/lib/server/present/share";

/** One visitor conversation on a share, as its owner sees it in the list. */
export interface ShareConversationSummary {
  id: string;
  visitor: "guest" | "user";
  visitorName: string | null;
  guestCode: string | null;
  startedAt: string;
  lastMessageAt: string;
  messageCount: number;
  preview: string;
}

export interface ShareConversationPage {
  conversations: ShareConversationSummary[];
  total: number;
  page: number;
  pageSize: number;
  publicMode: boolean;
}

export interface ShareConversationMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  imageData: string | null;
  imageFileName: string | null;
  isError: boolean;
  createdAt: string;
}

export interface ShareConversationDetail {
  conversation: ShareConversationSummary;
  messages: ShareConversationMessage[];
  truncated: boolean;
}
