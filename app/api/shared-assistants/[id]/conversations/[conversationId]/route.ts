import { route } from "@/lib/server/http/route";
import { readConversationOfShare } from "@/lib/server/use-cases/list-share-conversations";

// GET /api/shared-assistants/{shareId}/conversations/{conversationId}: one visitor conversation on the caller's share (404 for anyone else's).
export const GET = route({ auth: "workspace" }, async ({ user, params }) => readConversationOfShare({ owner: user, shareId: params.id, conversationId: params.conversationId }));
