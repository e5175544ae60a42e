import "server-only";
import type { Locale } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";
import { toStored } from "@/lib/server/policies/default-assistant";
import { profileOf } from "@/lib/server/present/assistant";
import { findAssistant, type AssistantRow } from "@/lib/server/queries/assistants";
import { createShare, updateOwnerShare, type SharedAssistantRow } from "@/lib/server/queries/shared-assistants";
import { ownAssistant } from "./read-assistant-profile";

// A share carries a name or role prompt of its own only where it differs from its assistant's:
// what merely repeats the assistant's (POST /api/shared-assistants sends both), or the default's words, follows
// the assistant, so renaming it or changing its role prompt changes every such share at once.

function overrides(assistant: AssistantRow, locale: Locale, values: { name?: string; rolePrompt?: string }) {
  const inherited = profileOf(assistant, locale);
  // The default assistant's words, in any language, are the default too: stored as such they
  // follow each reader's language.
  const stored = toStored(values);
  return {
    ...(stored.name !== undefined ? { name: stored.name === inherited.name ? null : stored.name } : {}),
    ...(stored.rolePrompt !== undefined ? { rolePrompt: stored.rolePrompt === "" || stored.rolePrompt === inherited.rolePrompt ? null : stored.rolePrompt } : {}),
  };
}

/** POST /api/shared-assistants: a public link to one of the owner's assistants (their default one when none is named). */
export async function shareAssistant(input: { ownerId: string; locale: Locale; assistantId?: string; name: string; rolePrompt: string; includeDocuments: boolean }): Promise<SharedAssistantRow> {
  const assistant = await ownAssistant(input.ownerId, input.assistantId);
  const own = overrides(assistant, input.locale, input);
  return createShare({ ownerId: input.ownerId, assistantId: assistant.id, name: own.name ?? null, rolePrompt: own.rolePrompt ?? null, includeDocuments: input.includeDocuments });
}

/** PATCH /api/shared-assistants/{shareId}: the owner's changes, the name and role prompt measured against its assistant. */
export async function changeShare(input: {
  ownerId: string;
  locale: Locale;
  shareId: string;
  current: SharedAssistantRow;
  changes: Partial<Pick<SharedAssistantRow, "isPublicMode" | "accessMode" | "announcementEnabled" | "pinnedAnnouncement" | "embedOrigins">> & { name?: string; rolePrompt?: string; assistantId?: string };
}): Promise<SharedAssistantRow | undefined> {
  const { name, rolePrompt, assistantId, ...rest } = input.changes;
  const assistant = assistantId ? await findAssistant(input.ownerId, assistantId) : input.current.assistant ? await findAssistant(input.ownerId, input.current.assistant.id) : undefined;
  if (!assistant) throw new AppError("not_found", { messageKey: "assistant_not_found" });
  return updateOwnerShare(input.ownerId, input.shareId, { ...rest, ...(assistantId ? { assistantId } : {}), ...overrides(assistant, input.locale, { name, rolePrompt }) });
}
