import { NextResponse } from "next/server";
import { createApiKeySchema } from "@/lib/schemas/api-keys";
import { route } from "@/lib/server/http/route";
import type { CreatedApiKey, PublicApiKey } from "@/lib/server/present/api-key";
import { createAssistantKey, listAssistantKeys } from "@/lib/server/use-cases/manage-api-keys";

// GET /api/assistants/{id}/api-keys: the assistant's keys (prefix, name, made, last used, revoked), newest first.
export const GET = route({ auth: "workspace" }, async ({ user, params }): Promise<PublicApiKey[]> => listAssistantKeys(user.id, params.id));

// POST /api/assistants/{id}/api-keys: a new named key, returned whole this once.
export const POST = route({ auth: "workspace", body: createApiKeySchema }, async ({ user, params, body }) =>
  NextResponse.json<CreatedApiKey>(await createAssistantKey({ ownerId: user.id, assistantId: params.id, name: body.name }), {
    status: 201,
    // The key is in this body alone: no cache may keep it.
    headers: { "cache-control": "no-store" },
  }),
);
