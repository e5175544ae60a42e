import type { AccessMode } from "@/lib/constants";

/** A share as its owner sees it (the owner view of /api/shared-assistants). */
export interface OwnerShare {
  id: string;
  shareId: string;
  shareUrl: string;
  /** The assistant it belongs to (null only for a link whose assistant was deleted, which has ended). */
  assistantId: string | null;
  assistantName: string;
  /** Its name and role prompt as visitors meet them: its own where `ownName`/`ownRolePrompt`, else its assistant's as they are now. */
  name: string;
  rolePrompt: string;
  ownName: boolean;
  ownRolePrompt: boolean;
  isPublicMode: boolean;
  accessMode: AccessMode;
  includeDocuments: boolean;
  announcementEnabled: boolean;
  pinnedAnnouncement: string | null;
  /** Sites allowed to show the share in an <iframe>. */
  embedOrigins: string[];
  messageCount: number;
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
