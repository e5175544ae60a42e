import { assistantProfileSchema } from "@/lib/schemas/chat";
import { route } from "@/lib/server/http/route";
import { saveAssistantProfile } from "@/lib/server/queries/assistant-settings";
import { assistantProfile } from "@/lib/server/use-cases/read-assistant-profile";

// GET /api/assistant: the caller's assistant (name, role prompt), defaults until they set one.
export const GET = route({ auth: "workspace" }, async ({ user, locale }) => assistantProfile(user.id, locale));

// POST /api/assistant: names the caller's assistant and sets its role prompt.
export const POST = route({ auth: "workspace", body: assistantProfileSchema }, async ({ user, body }) => {
  await saveAssistantProfile(user.id, body);
  return body;
});
