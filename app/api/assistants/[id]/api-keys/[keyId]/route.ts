import { route } from "@/lib/server/http/route";
import type { PublicApiKey } from "@/lib/server/present/api-key";
import { revokeAssistantKey } from "@/lib/server/use-cases/manage-api-keys";

// DELETE /api/assistants/{id}/api-keys/{keyId}: revokes the key, effective on the next request everywhere.
export const DELETE = route({ auth: "workspace" }, async ({ user, params }): Promise<PublicApiKey> =>
  revokeAssistantKey({ ownerId: user.id, assistantId: params.id, keyId: params.keyId }),
);
