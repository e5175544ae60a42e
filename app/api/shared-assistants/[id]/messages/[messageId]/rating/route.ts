import { rateReplySchema } from "@/lib/schemas/chat";
import { clientIp } from "@/lib/server/http/client-ip";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { openShare, requireVisitorSignIn } from "@/lib/server/policies/share-access";
import type { ChatMessage } from "@/lib/server/present/api-types";
import { rateReplyAs } from "@/lib/server/use-cases/rate-reply";

// PUT /api/shared-assistants/{shareId}/messages/{messageId}/rating: a visitor's thumbs up or down (and comment) on a reply of their own conversation.
// Counted per address and per visitor once the share is open to the caller.
export const PUT = route(
  { auth: "public", body: rateReplySchema, limit: [RATE_LIMITS.shareRatingsPerIp, RATE_LIMITS.shareRatingsPerVisitor] },
  async ({ req, params, body, user, countLimit }): Promise<ChatMessage> => {
    const share = await openShare(params.id);
    requireVisitorSignIn(share, user);
    await countLimit({ link: share.id, visitor: user ? `user:${user.id}` : body.sessionId ? `session:${body.sessionId}` : `ip:${clientIp(req)}` });
    return rateReplyAs({ kind: "visitor", req, share, user }, params.messageId, body);
  },
);
