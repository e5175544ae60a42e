import { updateAssistantSchema } from "@/lib/schemas/assistants";
import { route } from "@/lib/server/http/route";
import { presentAssistants } from "@/lib/server/use-cases/list-assistants";
import { removeAssistant } from "@/lib/server/use-cases/delete-assistant";
import { ownAssistant } from "@/lib/server/use-cases/read-assistant-profile";
import { changeAssistant } from "@/lib/server/use-cases/save-assistant";
import type { PublicAssistant } from "@/lib/server/present/api-types";

// GET /api/assistants/{id}: one of the caller's assistants (another owner's: 404).
export const GET = route({ auth: "workspace" }, async ({ user, locale, params }): Promise<PublicAssistant> => (await presentAssistants(user.id, [await ownAssistant(user.id, params.id)], locale))[0]);

// PATCH /api/assistants/{id}: its name, role prompt, knowledge, or that it is the default.
export const PATCH = route({ auth: "workspace", body: updateAssistantSchema }, async ({ user, locale, params, body }): Promise<PublicAssistant> =>
  changeAssistant({ ownerId: user.id, locale, id: params.id, ...body }),
);

// DELETE /api/assistants/{id}: its documents stay, its shares end, its own chat goes (409 for the last one).
export const DELETE = route({ auth: "workspace" }, async ({ user, params }) => {
  await removeAssistant(user.id, params.id);
  return { ok: true };
});
