import { aiSuggestionsSchema } from "@/lib/schemas/chat";
import { route } from "@/lib/server/http/route";
import type { FollowUpQuestions } from "@/lib/server/present/api-types";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { helperScope } from "@/lib/server/policies/share-access";
import { followUpQuestions } from "@/lib/server/use-cases/suggest-questions";

// POST /api/ai-suggestions: follow-up questions after a reply, from the knowledge of the caller's
// assistant (assistantId, or their default one) or, with shareId, of the shared assistant.
export const POST = route({ auth: "public", body: aiSuggestionsSchema, limit: [RATE_LIMITS.shareSuggestionsPerIp, RATE_LIMITS.shareSuggestionsPerLink] }, async ({ user, body, locale, countLimit }): Promise<FollowUpQuestions> => {
  const scope = await helperScope(user, body, { signInRequired: true, countLimit });
  return { suggestions: await followUpQuestions({ assistantId: scope.assistantId, knowledge: scope.knowledge, locale, assistantMessage: body.assistantMessage, history: body.conversationHistory }) };
});
