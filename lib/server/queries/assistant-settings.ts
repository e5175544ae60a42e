import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { assistantSettings } from "@/lib/server/db/schema";

export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;

export async function findAssistantSettings(userId: string): Promise<AssistantSettingsRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(assistantSettings).where(eq(assistantSettings.userId, userId));
  return row;
}

export async function saveAssistantProfile(userId: string, values: { name: string; rolePrompt: string }): Promise<AssistantSettingsRow> {
  const db = await getDb();
  const [row] = await db
    .insert(assistantSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: assistantSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/** Keeps the owner's initial questions with the document stamp they were made for. */
export async function saveInitialQuestions(userId: string, questions: string[], stamp: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(assistantSettings)
    .values({ userId, initialQuestions: questions, initialQuestionsStamp: stamp })
    .onConflictDoUpdate({ target: assistantSettings.userId, set: { initialQuestions: questions, initialQuestionsStamp: stamp, updatedAt: sql`now()` } });
}
