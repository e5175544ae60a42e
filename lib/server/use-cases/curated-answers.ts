import "server-only";
import { CURATED_ANSWERS_PER_ASSISTANT_MAX } from "@/lib/constants";
import type { CuratedAnswerInput } from "@/lib/schemas/insights";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { insightsAssistant } from "@/lib/server/policies/insights-access";
import { findAssistant } from "@/lib/server/queries/assistants";
import { toCuratedAnswer, type CuratedAnswer } from "@/lib/server/present/curated-answer";
import { deleteCuratedAnswer, insertCuratedAnswer, listCuratedAnswers, updateCuratedAnswer } from "@/lib/server/queries/curated-answers";

export type { CuratedAnswer };

const toPublic = toCuratedAnswer;

/** Only the assistant's owner writes its answers (an admin reads them with its insights). */
async function ownedAssistantId(user: Pick<User, "id">, assistantId: string): Promise<string> {
  const assistant = await findAssistant(user.id, assistantId);
  if (!assistant) throw new AppError("not_found", { messageKey: "assistant_not_found" });
  return assistant.id;
}

export async function listAnswers(user: Pick<User, "id" | "role">, assistantId: string): Promise<CuratedAnswer[]> {
  return (await listCuratedAnswers((await insightsAssistant(user, assistantId)).id)).map(toPublic);
}

export async function addAnswer(user: Pick<User, "id">, assistantId: string, input: CuratedAnswerInput): Promise<CuratedAnswer> {
  const id = await ownedAssistantId(user, assistantId);
  if ((await listCuratedAnswers(id)).length >= CURATED_ANSWERS_PER_ASSISTANT_MAX) throw new AppError("conflict", { messageKey: "curated_answers_full", params: { max: CURATED_ANSWERS_PER_ASSISTANT_MAX } });
  return toPublic(await insertCuratedAnswer({ assistantId: id, ...input }));
}

export async function changeAnswer(user: Pick<User, "id">, assistantId: string, answerId: string, input: CuratedAnswerInput): Promise<CuratedAnswer> {
  const row = await updateCuratedAnswer(await ownedAssistantId(user, assistantId), answerId, input);
  if (!row) throw new AppError("not_found", { messageKey: "curated_answer_not_found" });
  return toPublic(row);
}

export async function removeAnswer(user: Pick<User, "id">, assistantId: string, answerId: string): Promise<void> {
  if (!(await deleteCuratedAnswer(await ownedAssistantId(user, assistantId), answerId))) throw new AppError("not_found", { messageKey: "curated_answer_not_found" });
}
