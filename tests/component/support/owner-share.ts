import type { OwnerShare } from "@/lib/server/present/api-types";

/** A share as GET /api/shared-assistants lists it for its owner, with `changes` over plain defaults. */
export function ownerShare(shareId: string, changes: Partial<OwnerShare> = {}): OwnerShare {
  return {
    id: `id-${shareId}`,
    shareId,
    shareUrl: `http://localhost/shared/${shareId}`,
    assistantId: "assistant-1",
    assistantName: "清運小幫手",
    name: "清運小幫手",
    rolePrompt: "",
    ownName: false,
    ownRolePrompt: false,
    isPublicMode: false,
    accessMode: "open",
    includeDocuments: true,
    announcementEnabled: false,
    pinnedAnnouncement: null,
    embedOrigins: [],
    messageCount: 0,
    quickLink: false,
    createdAt: "2026-12-01T00:00:00.000Z",
    ...changes,
  };
}
