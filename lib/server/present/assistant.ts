import "server-only";
import type { Locale } from "@/lib/constants";
import type { AssistantRow } from "@/lib/server/queries/assistants";
import type { CollectionRow } from "@/lib/server/queries/collections";
import type { SharedAssistantRow } from "@/lib/server/queries/shared-assistants";
import { translator } from "@/lib/server/i18n";

export interface AssistantProfile {
  name: string;
  rolePrompt: string;
}

/** An assistant's name and role prompt: the defaults in the reader's language until its owner sets them. */
export function profileOf(assistant: Pick<AssistantRow, "name" | "rolePrompt"> | null, locale: Locale): AssistantProfile {
  const t = translator(locale);
  return { name: assistant?.name ?? t("assistant.defaultName"), rolePrompt: assistant?.rolePrompt ?? t("assistant.defaultRolePrompt") };
}

/** A share's: its own name and role prompt where it has them, its assistant's (as they are now) otherwise. */
export function shareProfile(share: Pick<SharedAssistantRow, "name" | "rolePrompt" | "assistant">, locale: Locale): AssistantProfile {
  const inherited = profileOf(share.assistant, locale);
  return { name: share.name ?? inherited.name, rolePrompt: share.rolePrompt ?? inherited.rolePrompt };
}

/** What the API tells an owner about one of their assistants. */
export function toPublicAssistant(
  row: AssistantRow,
  extra: { locale: Locale; documentIds: string[]; collectionIds: string[]; documentCount: number; shareCount: number },
) {
  return {
    id: row.id,
    // Null until the owner sets them: shown (and answered with) in the reader's language meanwhile.
    ...profileOf(row, extra.locale),
    named: row.name !== null,
    isDefault: row.isDefault,
    knowledge: { all: row.knowledgeAll, documentIds: row.knowledgeAll ? [] : extra.documentIds, collectionIds: row.knowledgeAll ? [] : extra.collectionIds },
    /** Processed documents it answers from now. */
    documentCount: extra.documentCount,
    shareCount: extra.shareCount,
    linkPreviewStyle: row.linkPreviewStyle,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type PublicAssistant = ReturnType<typeof toPublicAssistant>;

export function toPublicCollection(row: CollectionRow & { documentIds: string[] }) {
  return { id: row.id, name: row.name, documentIds: row.documentIds, createdAt: row.createdAt.toISOString() };
}

export type PublicCollection = ReturnType<typeof toPublicCollection>;
