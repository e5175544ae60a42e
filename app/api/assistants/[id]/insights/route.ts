import { insightsQuerySchema } from "@/lib/schemas/insights";
import { route } from "@/lib/server/http/route";
import type { AssistantInsights } from "@/lib/server/present/assistant-insights";
import { readInsights } from "@/lib/server/use-cases/read-insights";

// GET /api/assistants/{id}/insights?range=&from=&to=: what the assistant's visitors asked and how it answered (its owner; admins any).
export const GET = route({ auth: "workspace", query: insightsQuerySchema }, async ({ user, params, query, locale }): Promise<AssistantInsights> =>
  readInsights({ user, assistantId: params.id, query, locale }),
);
