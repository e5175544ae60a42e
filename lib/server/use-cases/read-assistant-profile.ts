import "server-only";
import type { Locale } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";
import { profileOf, type AssistantProfile } from "@/lib/server/present/assistant";
import { defaultAssistant, findAssistant, type AssistantRow } from "@/lib/server/queries/assistants";

/**
 * The owner's assistant a workspace request names, or their default one when it names none (made
 * on first need). Another owner's assistant, or one that is gone, is not found.
 */
export async function ownAssistant(ownerId: string, assistantId?: string | null): Promise<AssistantRow> {
  if (!assistantId) return defaultAssistant(ownerId);
  const assistant = await findAssistant(ownerId, assistantId);
  if (!assistant) throw new AppError("not_found", { messageKey: "assistant_not_found" });
  return assistant;
}

/** GET /api/assistant: the owner's default assistant, this API's one assistant (docs/rules/assistants.md#the-default-assistant). */
export async function assistantProfile(userId: string, locale: Locale): Promise<AssistantProfile> {
  return profileOf(await defaultAssistant(userId), locale);
}
