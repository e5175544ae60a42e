import { z } from "zod";
import "@/lib/zod-jitless";
import { ASSISTANT_NAME_MAX_LENGTH, COLLECTION_NAME_MAX_LENGTH, COLLECTIONS_PER_OWNER_MAX, KNOWLEDGE_IDS_MAX, ROLE_PROMPT_MAX_LENGTH } from "@/lib/constants";

// Assistants, their knowledge and collections: the bodies of /api/assistants* and /api/collections*.

const entityId = z.string().trim().min(1).max(100);
const idList = (max: number) => z.array(entityId).max(max, "validation.tooManyIds");

const name = z.string().trim().min(1, "validation.assistantNameRequired").max(ASSISTANT_NAME_MAX_LENGTH, "validation.assistantNameTooLong");
const rolePrompt = z.string().trim().max(ROLE_PROMPT_MAX_LENGTH, "validation.rolePromptTooLong");

/** What an assistant answers from: every document of its owner (later ones too), or those chosen. */
export const knowledgeSchema = z
  .object({
    all: z.boolean(),
    documentIds: idList(KNOWLEDGE_IDS_MAX).default([]),
    collectionIds: idList(COLLECTIONS_PER_OWNER_MAX).default([]),
  })
  .strict();

export type KnowledgeInput = z.infer<typeof knowledgeSchema>;

/** POST /api/assistants */
export const createAssistantSchema = z
  .object({
    name,
    rolePrompt: rolePrompt.default(""),
    knowledge: knowledgeSchema.optional(),
  })
  .strict();

/** PATCH /api/assistants/{id}: any of its fields; isDefault only ever to true (another then stops being it). */
export const updateAssistantSchema = z
  .object({
    name: name.optional(),
    rolePrompt: rolePrompt.optional(),
    knowledge: knowledgeSchema.optional(),
    isDefault: z.literal(true).optional(),
  })
  .strict();

/** POST /api/assistants/{id}/documents and /api/collections/{id}/documents: a bulk change. */
export const membershipChangeSchema = z
  .object({
    add: idList(KNOWLEDGE_IDS_MAX).default([]),
    remove: idList(KNOWLEDGE_IDS_MAX).default([]),
  })
  .strict()
  .refine((v) => v.add.length + v.remove.length > 0, { message: "validation.nothingToChange", path: ["add"] });

/** POST and PATCH /api/collections(/{id}) */
export const collectionSchema = z
  .object({
    name: z.string().trim().min(1, "validation.collectionNameRequired").max(COLLECTION_NAME_MAX_LENGTH, "validation.collectionNameTooLong"),
  })
  .strict();

/** ?assistantId= on the owner's chat routes: absent means the default assistant. */
export const assistantQuerySchema = z.object({ assistantId: entityId.optional() });
