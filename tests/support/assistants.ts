import type { User } from "@/lib/server/db/schema";
import { defaultAssistant, linkPreviewSettingsOf, saveLinkPreviewSettings } from "@/lib/server/queries/assistants";
import { listConversation, ownConversation } from "@/lib/server/queries/messages";
import type { AnswerScope } from "@/lib/server/use-cases/answer-message";

// The owner's default assistant in tests that speak of "the owner's assistant", as the single-assistant API's one
// assistant is (GET/POST /api/assistant, the chat when none is chosen).

/** The owner's own conversation with their default assistant. */
export async function ownMessages(userId: string) {
  return listConversation(ownConversation(await defaultAssistant(userId)));
}

/** answerMessage's scope for the owner's chat with their default assistant. */
export async function ownScope(owner: User): Promise<AnswerScope> {
  return { kind: "own", owner, assistant: await defaultAssistant(owner.id) };
}

export async function defaultLinkPreviewSettings(userId: string) {
  return linkPreviewSettingsOf(await defaultAssistant(userId));
}

export async function saveDefaultLinkPreviewSettings(userId: string, changes: Parameters<typeof saveLinkPreviewSettings>[2]) {
  return saveLinkPreviewSettings(userId, (await defaultAssistant(userId)).id, changes);
}

/** Whose opening questions: the owner's default assistant, answering from all their documents. */
export async function defaultOpening(userId: string, locale: "zh-TW" | "en") {
  return { assistantId: (await defaultAssistant(userId)).id, knowledge: { ownerId: userId, documentIds: null }, locale };
}
