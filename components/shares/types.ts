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
  createdAt: string;
}
