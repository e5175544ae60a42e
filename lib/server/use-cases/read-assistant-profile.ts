import "server-only";
import type { Locale } from "@/lib/constants";
import { translator } from "@/lib/server/i18n";
import { findAssistantSettings } from "@/lib/server/queries/assistant-settings";

export interface AssistantProfile {
  name: string;
  rolePrompt: string;
}

/** The owner's assistant, or the default one in the caller's language until they name their own. */
export async function assistantProfile(userId: string, locale: Locale): Promise<AssistantProfile> {
  const stored = await findAssistantSettings(userId);
  const t = translator(locale);
  return { name: stored?.name ?? t("assistant.defaultName"), rolePrompt: stored?.rolePrompt ?? t("assistant.defaultRolePrompt") };
}
