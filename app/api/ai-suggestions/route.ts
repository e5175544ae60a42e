import { aiSuggestionsSchema } from "@/lib/schemas/chat";
import { route } from "@/lib/server/http/route";
import { followUpQuestions } from "@/lib/server/services/suggest-questions";

// POST /api/ai-suggestions: follow-up questions the caller's documents can answer, after a reply.
export const POST = route({ auth: "workspace", body: aiSuggestionsSchema }, async ({ user, body, locale }) => ({
  suggestions: await followUpQuestions({ ownerId: user.id, locale, assistantMessage: body.assistantMessage, history: body.conversationHistory }),
}));
