import { route } from "@/lib/server/http/route";
import { readConversationOfShare } from "@/lib/server/use-cases/list-share-conversations";
import type { ShareConversationDetail } from "@/lib/server/present/api-types";

// GET /api/shared-assistants/{shareId}/conversations/{conversationId}: one visitor conversation on the caller's share (404 for anyone else's).
export const GET = route({ auth: "workspace" }, async ({ user, params }): Promise<ShareConversationDetail> => readConversationOfShare({ owner: user, shareId: params.id, conversationId: params.conversationId }));
