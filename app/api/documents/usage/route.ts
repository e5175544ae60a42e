import { route } from "@/lib/server/http/route";
import { monthlyUploads } from "@/lib/server/queries/documents";
import { currentMonth, uploadLimitsFor } from "@/lib/server/policies/upload-limits";
import { toUploadUsage } from "@/lib/server/present/document";
import type { UploadUsage } from "@/lib/server/present/api-types";

// GET /api/documents/usage: this month's uploads against the plan's limits.
export const GET = route({ auth: "workspace" }, async ({ user }): Promise<UploadUsage> => {
  const month = currentMonth();
  return toUploadUsage(month, await monthlyUploads(user.id, month), uploadLimitsFor(user));
});
