import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { curatedAnswers } from "@/lib/server/db/schema";

export type CuratedAnswerRow = typeof curatedAnswers.$inferSelect;

// Every query names the assistant: an answer is reached only through its own assistant.
const ofAssistant = (assistantId: string, id: string) => and(eq(curatedAnswers.assistantId, assistantId), eq(curatedAnswers.id, id));

export async function listCuratedAnswers(assistantId: string): Promise<CuratedAnswerRow[]> {
  const db = await getDb();
  return db.select().from(curatedAnswers).where(eq(curatedAnswers.assistantId, assistantId)).orderBy(asc(curatedAnswers.createdAt), asc(curatedAnswers.id));
}

export async function insertCuratedAnswer(values: { assistantId: string; question: string; answer: string }): Promise<CuratedAnswerRow> {
  const db = await getDb();
  const [row] = await db.insert(curatedAnswers).values(values).returning();
  return row;
}

export async function updateCuratedAnswer(assistantId: string, id: string, values: { question: string; answer: string }): Promise<CuratedAnswerRow | undefined> {
  const db = await getDb();
  const [row] = await db.update(curatedAnswers).set({ ...values, updatedAt: new Date() }).where(ofAssistant(assistantId, id)).returning();
  return row;
}

export async function deleteCuratedAnswer(assistantId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(curatedAnswers).where(ofAssistant(assistantId, id)).returning({ id: curatedAnswers.id });
  return rows.length > 0;
}
