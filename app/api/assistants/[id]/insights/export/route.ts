import { insightsQuerySchema } from "@/lib/schemas/insights";
import { route } from "@/lib/server/http/route";
import { exportInsights } from "@/lib/server/use-cases/read-insights";

// GET /api/assistants/{id}/insights/export?range=&from=&to=: the insights as CSV (its owner; admins any).
export const GET = route({ auth: "workspace", query: insightsQuerySchema }, async ({ user, params, query, locale, t }) => {
  const file = await exportInsights({ user, assistantId: params.id, query, locale, t });
  return new Response(file.body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
