import { route } from "@/lib/server/http/route";
import { monthlyUploads } from "@/lib/server/queries/documents";
import { currentMonth, uploadLimitsFor } from "@/lib/server/policies/upload-limits";

// GET /api/documents/usage: this month's uploads against the plan's limits.
export const GET = route({ auth: "workspace" }, async ({ user }) => {
  const month = currentMonth();
  const limits = uploadLimitsFor(user);
  return { month, uploads: await monthlyUploads(user.id, month), monthlyLimit: limits.monthlyUploads, maxFileBytes: limits.maxBytes };
});
