import { z } from "zod";
import { SHARE_CONVERSATION_SEARCH_MAX_LENGTH } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { listConversationsOfShare } from "@/lib/server/use-cases/list-share-conversations";
import type { ShareConversationPage } from "@/lib/server/present/api-types";

const query = z.object({
  q: z.string().trim().max(SHARE_CONVERSATION_SEARCH_MAX_LENGTH).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});

// GET /api/shared-assistants/{shareId}/conversations?q=&page=: the visitors' conversations on the caller's share, latest first (404 for anyone else's share).
export const GET = route({ auth: "workspace", query }, async ({ user, params, query }): Promise<ShareConversationPage> =>
  listConversationsOfShare({ owner: user, shareId: params.id, search: query.q || undefined, page: query.page }),
);
