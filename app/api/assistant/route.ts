import { assistantProfileSchema } from "@/lib/schemas/chat";
import { route } from "@/lib/server/http/route";
import { toStored } from "@/lib/server/policies/default-assistant";
import { saveAssistantProfile } from "@/lib/server/queries/assistant-settings";
import { assistantProfile } from "@/lib/server/use-cases/read-assistant-profile";

// GET /api/assistant: the caller's assistant (name, role prompt), defaults until they set one.
export const GET = route({ auth: "workspace" }, async ({ user, locale }) => assistantProfile(user.id, locale));

// POST /api/assistant: names the caller's assistant and sets its role prompt (the default's words,
// as the settings dialog shows them until changed, keep it the default).
export const POST = route({ auth: "workspace", body: assistantProfileSchema }, async ({ user, body }) => {
  const { name = null, rolePrompt = null } = toStored(body);
  await saveAssistantProfile(user.id, { name, rolePrompt });
  return body;
});
