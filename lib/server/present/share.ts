import "server-only";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/constants";
import type { SharedAssistantRow } from "@/lib/server/queries/shared-assistants";
import { profileOf, shareProfile } from "./assistant";

export function shareUrl(shareId: string): string {
  return `${env.APP_URL}/shared/${shareId}`;
}

/**
 * Everything about a share, for its owner: its name and role prompt as visitors meet them, and
 * whether each is the share's own or follows its assistant.
 */
export function toOwnerShare(row: SharedAssistantRow, locale: Locale) {
  const profile = shareProfile(row, locale);
  return {
    id: row.id,
    shareId: row.shareId,
    shareUrl: shareUrl(row.shareId),
    assistantId: row.assistant?.id ?? null,
    assistantName: profileOf(row.assistant, locale).name,
    name: profile.name,
    rolePrompt: profile.rolePrompt,
    ownName: row.name !== null,
    ownRolePrompt: row.rolePrompt !== null,
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

export type OwnerShare = ReturnType<typeof toOwnerShare>;

/** POST /api/assistant/share-link: the assistant's quick link, and whether this press made it. */
export interface QuickLink {
  share: OwnerShare;
  created: boolean;
}

/**
 * What GET /api/shared-assistants/{shareId} tells a visitor. The pinned announcement is for the
 * owner's view only (docs/rules/sharing.md#pinned-announcement): anyone else gets it switched off and empty. A
 * share that kept the default name greets the visitor in the visitor's language.
 */
export function toVisitorShare(row: SharedAssistantRow, viewerId: string | null, locale: Locale) {
  const owner = viewerId === row.ownerId;
  return {
    id: row.id,
    name: shareProfile(row, locale).name,
    shareId: row.shareId,
    accessMode: row.accessMode,
    isPublicMode: row.isPublicMode,
    announcementEnabled: owner ? row.announcementEnabled : false,
    pinnedAnnouncement: owner ? row.pinnedAnnouncement : null,
    isOwner: owner,
  };
}

export type VisitorShare = ReturnType<typeof toVisitorShare>;
