import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import type { Locale } from "@/lib/constants";
import { assistantSettings } from "@/lib/server/db/schema";

export type AssistantSettingsRow = typeof assistantSettings.$inferSelect;

export async function findAssistantSettings(userId: string): Promise<AssistantSettingsRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(assistantSettings).where(eq(assistantSettings.userId, userId));
  return row;
}

export async function saveAssistantProfile(userId: string, values: { name: string | null; rolePrompt: string | null }): Promise<AssistantSettingsRow> {
  const db = await getDb();
  const [row] = await db
    .insert(assistantSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: assistantSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/**
 * Keeps the owner's opening questions in one reader language, beside those of the other language
 * made for the same documents (`stamp`); made for other documents, those are dropped. One
 * statement, so two languages saved at once both stay.
 */
export async function saveInitialQuestions(userId: string, locale: Locale, questions: string[], stamp: string): Promise<void> {
  const db = await getDb();
  const mine = { [locale]: questions };
  await db
    .insert(assistantSettings)
    .values({ userId, initialQuestions: mine, initialQuestionsStamp: stamp })
    .onConflictDoUpdate({
      target: assistantSettings.userId,
      set: {
        initialQuestions: sql`case when ${assistantSettings.initialQuestionsStamp} = ${stamp} and jsonb_typeof(${assistantSettings.initialQuestions}) = 'object'
          then ${assistantSettings.initialQuestions} || ${JSON.stringify(mine)}::jsonb else ${JSON.stringify(mine)}::jsonb end`,
        initialQuestionsStamp: stamp,
        updatedAt: sql`now()`,
      },
    });
}

/** The opening questions kept for `locale` under `stamp`, or null. */
export function keptInitialQuestions(row: AssistantSettingsRow | undefined, locale: Locale, stamp: string): string[] | null {
  const stored = row?.initialQuestionsStamp === stamp ? row.initialQuestions : null;
  const questions = stored && !Array.isArray(stored) ? stored[locale] : undefined;
  return questions?.length ? questions : null;
}

export interface LinkPreviewSettings {
  style: (typeof assistantSettings.$inferSelect)["linkPreviewStyle"];
  useCustomIcon: boolean;
  customIcon: string | null;
}

export async function findLinkPreviewSettings(userId: string): Promise<LinkPreviewSettings> {
  const row = await findAssistantSettings(userId);
  return { style: row?.linkPreviewStyle ?? "default", useCustomIcon: row?.useCustomIcon ?? false, customIcon: row?.customIcon ?? null };
}

/**
 * Changes the owner's preview settings in one statement; the custom-icon switch can only be on
 * while an icon is stored, so it is written as (wanted AND icon present).
 */
export async function saveLinkPreviewSettings(
  userId: string,
  changes: { style?: LinkPreviewSettings["style"]; useCustomIcon?: boolean; customIcon?: string | null },
): Promise<LinkPreviewSettings> {
  const db = await getDb();
  const set: Partial<Omit<typeof assistantSettings.$inferInsert, "updatedAt">> = {};
  if (changes.style !== undefined) set.linkPreviewStyle = changes.style;
  if (changes.customIcon !== undefined) set.customIcon = changes.customIcon;
  if (changes.useCustomIcon !== undefined) set.useCustomIcon = changes.useCustomIcon;
  await db.transaction(async (tx) => {
    await tx.insert(assistantSettings).values({ userId }).onConflictDoNothing();
    await tx
      .update(assistantSettings)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(assistantSettings.userId, userId));
    // The switch follows the icon: never on without one (removing the icon turns it off).
    await tx
      .update(assistantSettings)
      .set({ useCustomIcon: false })
      .where(and(eq(assistantSettings.userId, userId), isNull(assistantSettings.customIcon)));
  });
  return findLinkPreviewSettings(userId);
}
