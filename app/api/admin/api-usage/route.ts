import { route } from "@/lib/server/http/route";
import { usageReportQuerySchema } from "@/lib/schemas/usage-report";
import { buildUsageReport } from "@/lib/server/use-cases/build-usage-report";
import type { UsageReport } from "@/lib/server/present/api-types";

// GET /api/admin/api-usage: model calls of a range, by day and grouped by a dimension (admin only).
export const GET = route({ auth: "admin", query: usageReportQuerySchema }, async ({ query }): Promise<UsageReport> => buildUsageReport(query));
