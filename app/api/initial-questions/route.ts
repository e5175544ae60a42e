import { initialQuestionsSchema } from "@/lib/schemas/chat";
import { AppError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/route";
import { initialQuestions } from "@/lib/server/services/suggest-questions";

// POST /api/initial-questions: up to 8 opening questions the caller's documents can answer.
export const POST = route({ auth: "workspace", body: initialQuestionsSchema }, async ({ user, body, locale }) => {
  // Questions for a shared assistant come with sharing; until then no share id names anything.
  if (body.shareId !== undefined) throw new AppError("not_found");
  return { questions: await initialQuestions({ ownerId: user.id, locale, forceRegenerate: body.forceRegenerate }) };
});
