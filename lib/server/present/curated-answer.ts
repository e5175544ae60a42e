import "server-only";
import type { CuratedAnswerRow } from "@/lib/server/queries/curated-answers";

/** An answer the owner wrote for a question of their assistant, as its API returns it. */
export interface CuratedAnswer {
  id: string;
  question: string;
  answer: string;
  createdAt: string;
  updatedAt: string;
}

export const toCuratedAnswer = (row: CuratedAnswerRow): CuratedAnswer => ({ id: row.id, question: row.question, answer: row.answer, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });
