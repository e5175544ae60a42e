import { z } from "zod";
import "@/lib/zod-jitless";
import { API_KEY_NAME_MAX_LENGTH } from "@/lib/constants";

/** POST /api/assistants/{id}/api-keys */
export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1, "validation.apiKeyNameRequired").max(API_KEY_NAME_MAX_LENGTH, "validation.apiKeyNameTooLong"),
  })
  .strict();

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
