import { SHARE_SUGGESTIONS_PER_IP_PER_MINUTE, SHARE_SUGGESTIONS_PER_LINK_PER_MINUTE } from "@/lib/constants";
import { aiSuggestionsSchema } from "@/lib/schemas/chat";
import { clientIp } from "@/lib/server/http/client-ip";
import { route } from "@/lib/server/http/route";
import { helperScope } from "@/lib/server/policies/share-access";
import { followUpQuestions } from "@/lib/server/use-cases/suggest-questions";

// POST /api/ai-suggestions: follow-up questions after a reply, from the knowledge of the caller's
// assistant (assistantId, or their default one) or, with shareId, of the shared assistant.
export const POST = route({ auth: "public", body: aiSuggestionsSchema }, async ({ req, user, body, locale }) => {
  const scope = await helperScope(user, body, { ip: clientIp(req), limitKey: "share-suggest", perIpPerMinute: SHARE_SUGGESTIONS_PER_IP_PER_MINUTE, perLinkPerMinute: SHARE_SUGGESTIONS_PER_LINK_PER_MINUTE, signInRequired: true });
  return { suggestions: await followUpQuestions({ assistantId: scope.assistantId, knowledge: scope.knowledge, locale, assistantMessage: body.assistantMessage, history: body.conversationHistory }) };
});
