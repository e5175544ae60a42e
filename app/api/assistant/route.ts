import { assistantProfileSchema } from "@/lib/schemas/chat";
import { route } from "@/lib/server/http/route";
import { changeAssistant } from "@/lib/server/use-cases/save-assistant";
import { assistantProfile, ownAssistant } from "@/lib/server/use-cases/read-assistant-profile";
import type { AssistantProfile } from "@/lib/server/present/api-types";

// This API's one assistant is the owner's default assistant (the others: /api/assistants; docs/rules/assistants.md#the-default-assistant).

// GET /api/assistant: its name and role prompt, the defaults until the owner sets them.
export const GET = route({ auth: "workspace" }, async ({ user, locale }): Promise<AssistantProfile> => assistantProfile(user.id, locale));

// POST /api/assistant: names it and sets its role prompt (the default's words, as the settings
// dialog shows them until changed, keep it the default).
export const POST = route({ auth: "workspace", body: assistantProfileSchema }, async ({ user, body, locale }): Promise<AssistantProfile> => {
  const assistant = await ownAssistant(user.id);
  await changeAssistant({ ownerId: user.id, locale, id: assistant.id, ...body });
  return body;
});
