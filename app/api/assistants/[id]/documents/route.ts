import { membershipChangeSchema } from "@/lib/schemas/assistants";
import { route } from "@/lib/server/http/route";
import { changeAssistantDocuments } from "@/lib/server/use-cases/save-assistant";
import type { PublicAssistant } from "@/lib/server/present/api-types";

// POST /api/assistants/{id}/documents: adds and removes documents chosen for the assistant, in bulk.
export const POST = route({ auth: "workspace", body: membershipChangeSchema }, async ({ user, locale, params, body }): Promise<PublicAssistant> =>
  changeAssistantDocuments({ ownerId: user.id, locale, id: params.id, ...body }),
);
