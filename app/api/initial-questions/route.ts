import { initialQuestionsSchema } from "@/lib/schemas/chat";
import { route } from "@/lib/server/http/route";
import type { OpeningQuestions } from "@/lib/server/present/api-types";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { helperScope } from "@/lib/server/policies/share-access";
import { initialQuestions } from "@/lib/server/use-cases/suggest-questions";

// POST /api/initial-questions: up to 8 opening questions the documents can answer: those of the
// caller's assistant (assistantId, or their default one), or with shareId those of the shared
// assistant (from its knowledge when the share includes documents).
// Seeing them needs no sign-in even on a google_required share; picking one does.
export const POST = route({ auth: "public", body: initialQuestionsSchema, limit: [RATE_LIMITS.shareSuggestionsPerIp, RATE_LIMITS.shareSuggestionsPerLink] }, async ({ user, body, locale, countLimit }): Promise<OpeningQuestions> => {
  const scope = await helperScope(user, body, { signInRequired: false, countLimit });
  // A visitor never makes the owner pay: their forceRegenerate is ignored, and when nothing fits
  // the stored questions they get ones made from the documents alone, without the hosted model.
  return {
    questions: await initialQuestions({ assistantId: scope.assistantId, knowledge: scope.knowledge, locale, forceRegenerate: body.forceRegenerate && scope.mayRegenerate, useModel: scope.mayRegenerate }),
  };
});
