import { z } from "zod";
import "@/lib/zod-jitless";
import { ACCESS_MODES, ASSISTANT_NAME_MAX_LENGTH, ROLE_PROMPT_MAX_LENGTH } from "@/lib/constants";
import { embedOriginsSchema } from "./embed-origins";

export const ANNOUNCEMENT_MAX_LENGTH = 2_000;

const name = z.string().trim().min(1, "validation.assistantNameRequired").max(ASSISTANT_NAME_MAX_LENGTH, "validation.assistantNameTooLong");
const rolePrompt = z.string().trim().max(ROLE_PROMPT_MAX_LENGTH, "validation.rolePromptTooLong");

const assistantId = z.string().trim().min(1).max(100);

/** POST /api/shared-assistants (name, rolePrompt, includeDocuments; assistantId absent: the default assistant). */
export const createShareSchema = z.object({ name, rolePrompt, includeDocuments: z.boolean().default(true), assistantId: assistantId.optional() }).strict();

/** PATCH /api/shared-assistants/{shareId}: what an owner may change on a share. */
export const updateShareSchema = z
  .object({
    /** Moves the link to another of the owner's assistants: it then answers from that one's knowledge. */
    assistantId: assistantId.optional(),
    name: name.optional(),
    rolePrompt: rolePrompt.optional(),
    isPublicMode: z.boolean().optional(),
    accessMode: z.enum(ACCESS_MODES).optional(),
    announcementEnabled: z.boolean().optional(),
    pinnedAnnouncement: z.string().trim().max(ANNOUNCEMENT_MAX_LENGTH, "validation.announcementTooLong").nullable().optional(),
    /** The sites allowed to show the share in an <iframe> (its page's frame-ancestors); [] for none. */
    embedOrigins: embedOriginsSchema.optional(),
  })
  .strict();
