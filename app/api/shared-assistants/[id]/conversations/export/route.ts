import { z } from "zod";
import { SHARE_CONVERSATION_SEARCH_MAX_LENGTH } from "@/lib/constants";
import { attachmentDisposition } from "@/lib/server/http/attachment";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { exportConversationsOfShare } from "@/lib/server/use-cases/export-share-conversations";

const query = z.object({
  format: z.enum(["csv", "jsonl"]),
  q: z.string().trim().max(SHARE_CONVERSATION_SEARCH_MAX_LENGTH).optional(),
});

// GET /api/shared-assistants/{shareId}/conversations/export?format=csv|jsonl&q=: the caller's share's visitor conversations as a streamed file.
export const GET = route(
  { auth: "workspace", query, limit: RATE_LIMITS.shareConversationExports },
  async ({ user, params, query, locale }) => {
    const file = await exportConversationsOfShare({ owner: user, shareId: params.id, search: query.q || undefined, format: query.format, locale });
    return new Response(file.body, {
      headers: {
        "content-type": file.contentType,
        "content-disposition": attachmentDisposition(file.fileName),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
