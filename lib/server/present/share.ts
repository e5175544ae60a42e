import "server-only";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/constants";
import { withDefaults } from "@/lib/server/policies/default-assistant";
import type { SharedAssistantRow } from "@/lib/server/queries/shared-assistants";

export function shareUrl(shareId: string): string {
  return `${env.APP_URL}/shared/${shareId}`;
}

/** Everything about a share, for its owner (a default name and role prompt in their language). */
export function toOwnerShare(row: SharedAssistantRow, locale: Locale) {
  const { name, rolePrompt } = withDefaults(row, locale);
  return {
    id: row.id,
    shareId: row.shareId,
    shareUrl: shareUrl(row.shareId),
    name,
    rolePrompt,
    isPublicMode: row.isPublicMode,
    accessMode: row.accessMode,
    includeDocuments: row.includeDocuments,
    announcementEnabled: row.announcementEnabled,
    pinnedAnnouncement: row.pinnedAnnouncement,
    embedOrigins: row.embedOrigins,
    messageCount: row.messageCount,
    /** Made by the assistant's share button, which hands it out again (the shares tab makes others). */
    quickLink: row.quickLink,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What GET /api/shared-assistants/{shareId} tells a visitor (SPEC §7). The pinned announcement is
 * for the owner's view only (ARCHITECTURE §7.6): anyone else gets it switched off and empty. A
 * share that kept the default name greets the visitor in the visitor's language.
 */
export function toVisitorShare(row: SharedAssistantRow, viewerId: string | null, locale: Locale) {
  const owner = viewerId === row.ownerId;
  return {
    id: row.id,
    name: withDefaults(row, locale).name,
    shareId: row.shareId,
    accessMode: row.accessMode,
    isPublicMode: row.isPublicMode,
    announcementEnabled: owner ? row.announcementEnabled : false,
    pinnedAnnouncement: owner ? row.pinnedAnnouncement : null,
    isOwner: owner,
  };
}
