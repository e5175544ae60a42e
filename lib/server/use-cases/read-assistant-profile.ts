import "server-only";
import type { Locale } from "@/lib/constants";
import { withDefaults, type AssistantProfile } from "@/lib/server/policies/default-assistant";
import { findAssistantSettings } from "@/lib/server/queries/assistant-settings";

/** The owner's assistant, or the default one in the caller's language until they name their own. */
export async function assistantProfile(userId: string, locale: Locale): Promise<AssistantProfile> {
  return withDefaults(await findAssistantSettings(userId), locale);
}
