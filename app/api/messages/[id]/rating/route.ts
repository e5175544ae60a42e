import { rateReplySchema } from "@/lib/schemas/chat";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import type { ChatMessage } from "@/lib/server/present/api-types";
import { rateReplyAs } from "@/lib/server/use-cases/rate-reply";

// PUT /api/messages/{id}/rating: the owner's thumbs up or down (and comment) on a reply of their own chat; a null rating takes it back.
export const PUT = route({ auth: "workspace", body: rateReplySchema, limit: RATE_LIMITS.ownRatings }, async ({ user, params, body }): Promise<ChatMessage> =>
  rateReplyAs({ kind: "owner", user }, params.id, body),
);
