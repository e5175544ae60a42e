import { route } from "@/lib/server/http/route";
import { usageExportQuerySchema } from "@/lib/schemas/usage-report";
import { exportUsageReport } from "@/lib/server/use-cases/export-usage-report";

// GET /api/admin/api-usage/export: the usage screen's view as CSV, its days or its breakdown (admin only).
export const GET = route({ auth: "admin", query: usageExportQuerySchema }, async ({ query, t }) => {
  const file = await exportUsageReport(query, t);
  return new Response(file.body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
