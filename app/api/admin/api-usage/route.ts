import { route } from "@/lib/server/http/route";
import { usageReportQuerySchema } from "@/lib/schemas/usage-report";
import { buildUsageReport } from "@/lib/server/use-cases/build-usage-report";

// GET /api/admin/api-usage: model calls of a range, by day and grouped by a dimension (admin only).
export const GET = route({ auth: "admin", query: usageReportQuerySchema }, async ({ query }) => buildUsageReport(query));
