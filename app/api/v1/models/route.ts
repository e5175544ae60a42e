import { apiPreflight } from "@/lib/server/http/api-cors";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { assistantModel } from "@/lib/server/present/openai-chat";

// GET /api/v1/models: the one assistant the key may ask, as OpenAI lists models.
export const GET = route({ auth: "apiKey", errorShape: "openai", limit: RATE_LIMITS.apiKeyRequests }, async ({ apiKey, locale }) => ({
  object: "list",
  data: [assistantModel(apiKey.assistant, locale)],
}));

export const OPTIONS = apiPreflight(["GET"]);
