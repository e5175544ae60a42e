import { curatedAnswerSchema } from "@/lib/schemas/insights";
import { route } from "@/lib/server/http/route";
import { addAnswer, listAnswers, type CuratedAnswer } from "@/lib/server/use-cases/curated-answers";

// GET /api/assistants/{id}/answers: the answers its owner wrote (its owner; admins any), oldest first.
export const GET = route({ auth: "workspace" }, async ({ user, params }): Promise<CuratedAnswer[]> => listAnswers(user, params.id));

// POST /api/assistants/{id}/answers: the owner writes the right answer to a question; it and its rewordings are answered with it from now on.
export const POST = route({ auth: "workspace", body: curatedAnswerSchema }, async ({ user, params, body }): Promise<CuratedAnswer> => addAnswer(user, params.id, body));
