import { apiPreflight } from "@/lib/server/http/api-cors";
import { route } from "@/lib/server/http/route";
import { requireKeyModel } from "@/lib/server/policies/api-key-model";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { assistantModel } from "@/lib/server/present/openai-chat";

// GET /api/v1/models/{id}: the key's assistant, or 404 for any other id.
export const GET = route({ auth: "apiKey", errorShape: "openai", limit: RATE_LIMITS.apiKeyRequests }, async ({ apiKey, params, locale }) =>
  assistantModel(requireKeyModel(apiKey, params.id), locale),
);

export const OPTIONS = apiPreflight(["GET"]);
