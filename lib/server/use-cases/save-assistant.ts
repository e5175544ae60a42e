import "server-only";
import { ASSISTANTS_PER_OWNER_MAX, type Locale } from "@/lib/constants";
import type { KnowledgeInput } from "@/lib/schemas/assistants";
import { AppError } from "@/lib/server/errors";
import { toStored } from "@/lib/server/policies/default-assistant";
import type { PublicAssistant } from "@/lib/server/present/assistant";
import { changeChosenDocuments, chosenKnowledge, defaultAssistant, findAssistant, insertAssistant, makeDefault, replaceChosenKnowledge, updateAssistant, type AssistantRow } from "@/lib/server/queries/assistants";
import { inTransaction } from "@/lib/server/queries/transaction";
import type { Db } from "@/lib/server/db/client";
import { translator } from "@/lib/server/i18n";
import { presentAssistants } from "./list-assistants";

// Making and changing an owner's assistants. Every step that names documents or collections checks
// they are the owner's inside the same transaction, so a refused request changes nothing.

const notFound = () => new AppError("not_found", { messageKey: "assistant_not_found" });

async function present(ownerId: string, row: AssistantRow, locale: Locale): Promise<PublicAssistant> {
  return (await presentAssistants(ownerId, [row], locale))[0];
}

async function setKnowledge(tx: Db, ownerId: string, assistantId: string, knowledge: KnowledgeInput) {
  const chosen = knowledge.all ? { documentIds: [], collectionIds: [] } : knowledge;
  if (!(await replaceChosenKnowledge(tx, ownerId, assistantId, chosen))) throw new AppError("not_found", { messageKey: "knowledge_not_found" });
  await updateAssistant(tx, ownerId, assistantId, { knowledgeAll: knowledge.all });
}

/** POST /api/assistants: a new assistant, answering from all documents unless told otherwise. */
export async function createAssistant(input: { ownerId: string; locale: Locale; name: string; rolePrompt: string; knowledge?: KnowledgeInput }): Promise<PublicAssistant> {
  // An owner's first assistant of their own comes beside the default one (all their documents), not in its place.
  await defaultAssistant(input.ownerId);
  const row = await inTransaction(async (tx) => {
    const stored = toStored({ name: input.name, rolePrompt: input.rolePrompt });
    const made = await insertAssistant(tx, input.ownerId, { name: stored.name ?? null, rolePrompt: stored.rolePrompt || null, knowledgeAll: input.knowledge?.all ?? true }, ASSISTANTS_PER_OWNER_MAX);
    if (!made) throw new AppError("conflict", { messageKey: "assistant_limit", params: { max: ASSISTANTS_PER_OWNER_MAX } });
    if (input.knowledge) await setKnowledge(tx, input.ownerId, made.id, input.knowledge);
    return (await findAssistant(input.ownerId, made.id, tx))!;
  });
  return present(input.ownerId, row, input.locale);
}

/** PATCH /api/assistants/{id}: its name, role prompt, knowledge, or that it is the default. */
export async function changeAssistant(input: {
  ownerId: string;
  locale: Locale;
  id: string;
  name?: string;
  rolePrompt?: string;
  knowledge?: KnowledgeInput;
  isDefault?: true;
}): Promise<PublicAssistant> {
  const row = await inTransaction(async (tx) => {
    if (!(await findAssistant(input.ownerId, input.id, tx))) throw notFound();
    // The default's words (as the settings dialog shows them until changed), in either language,
    // and an emptied role prompt keep the default, put into words in each reader's language.
    const stored = toStored({ name: input.name, rolePrompt: input.rolePrompt });
    const profile = {
      ...(stored.name !== undefined ? { name: stored.name } : {}),
      ...(stored.rolePrompt !== undefined ? { rolePrompt: stored.rolePrompt || null } : {}),
    };
    await updateAssistant(tx, input.ownerId, input.id, profile);
    if (input.knowledge) await setKnowledge(tx, input.ownerId, input.id, input.knowledge);
    if (input.isDefault) await makeDefault(tx, input.ownerId, input.id);
    return (await findAssistant(input.ownerId, input.id, tx))!;
  });
  return present(input.ownerId, row, input.locale);
}

/** POST /api/assistants/{id}/duplicate: the same knowledge, prompt and link-card settings; no shares, no conversation. */
export async function duplicateAssistant(input: { ownerId: string; locale: Locale; id: string }): Promise<PublicAssistant> {
  const source = await findAssistant(input.ownerId, input.id);
  if (!source) throw notFound();
  const chosen = (await chosenKnowledge([source.id])).get(source.id)!;
  const t = translator(input.locale);
  const name = t("assistants.copyName", { name: source.name ?? t("assistant.defaultName") });
  const row = await inTransaction(async (tx) => {
    const made = await insertAssistant(
      tx,
      input.ownerId,
      { name, rolePrompt: source.rolePrompt, knowledgeAll: source.knowledgeAll, linkPreviewStyle: source.linkPreviewStyle, useCustomIcon: source.useCustomIcon, customIcon: source.customIcon },
      ASSISTANTS_PER_OWNER_MAX,
    );
    if (!made) throw new AppError("conflict", { messageKey: "assistant_limit", params: { max: ASSISTANTS_PER_OWNER_MAX } });
    if (!source.knowledgeAll) await replaceChosenKnowledge(tx, input.ownerId, made.id, chosen);
    return made;
  });
  return present(input.ownerId, row, input.locale);
}

/** POST /api/assistants/{id}/documents: documents chosen for it, added and removed in bulk. */
export async function changeAssistantDocuments(input: { ownerId: string; locale: Locale; id: string; add: string[]; remove: string[] }): Promise<PublicAssistant> {
  const row = await inTransaction(async (tx) => {
    const assistant = await findAssistant(input.ownerId, input.id, tx);
    if (!assistant) throw notFound();
    // It already answers from every document: choosing some would mean something else.
    if (assistant.knowledgeAll) throw new AppError("conflict", { messageKey: "assistant_knowledge_all" });
    if (!(await changeChosenDocuments(tx, input.ownerId, input.id, input))) throw new AppError("not_found", { messageKey: "knowledge_not_found" });
    return assistant;
  });
  return present(input.ownerId, row, input.locale);
}
