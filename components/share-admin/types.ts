import type { AccessMode } from "@/lib/constants";

/** A share as its owner sees it (the owner view of /api/shared-assistants). */
export interface OwnerShare {
  id: string;
  shareId: string;
  shareUrl: string;
  name: string;
  rolePrompt: string;
  isPublicMode: boolean;
  accessMode: AccessMode;
  includeDocuments: boolean;
  announcementEnabled: boolean;
  pinnedAnnouncement: string | null;
  /** Sites allowed to show the share in an <iframe>. */
  embedOrigins: string[];
  messageCount: number;
  /** Made by the assistant's share button, which hands it out again on every press. */
  quickLink: boolean;
  createdAt: string;
}

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
