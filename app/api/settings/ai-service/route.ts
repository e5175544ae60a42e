import { aiServiceSettingsSchema } from "@/lib/schemas/ai-service";
import { route } from "@/lib/server/http/route";
import { readAiSettings } from "@/lib/server/use-cases/read-ai-settings";
import { saveAiSettings } from "@/lib/server/use-cases/save-ai-settings";
import type { AiServiceSaved, AiServiceView } from "@/lib/server/present/api-types";

// GET /api/settings/ai-service: the AI service's settings, the environment's defaults and what is in force (admin only; keys as their last 4 characters).
export const GET = route({ auth: "admin" }, async (): Promise<AiServiceView> => readAiSettings());

// PUT /api/settings/ai-service: save the form; every instance uses it within seconds, and the change is logged.
export const PUT = route({ auth: "admin", body: aiServiceSettingsSchema }, async ({ body, user }): Promise<AiServiceSaved> => {
  const changes = await saveAiSettings({ actor: user, settings: body });
  return { changes, settings: await readAiSettings() };
});
