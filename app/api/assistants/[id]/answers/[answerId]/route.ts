import { curatedAnswerSchema } from "@/lib/schemas/insights";
import { route } from "@/lib/server/http/route";
import { changeAnswer, removeAnswer, type CuratedAnswer } from "@/lib/server/use-cases/curated-answers";

// PUT /api/assistants/{id}/answers/{answerId}: the owner changes a written answer (or its question).
export const PUT = route({ auth: "workspace", body: curatedAnswerSchema }, async ({ user, params, body }): Promise<CuratedAnswer> => changeAnswer(user, params.id, params.answerId, body));

// DELETE /api/assistants/{id}/answers/{answerId}: the owner deletes a written answer; its question goes back to the documents.
export const DELETE = route({ auth: "workspace" }, async ({ user, params }) => {
  await removeAnswer(user, params.id, params.answerId);
  return { ok: true };
});
