import { route } from "@/lib/server/http/route";
import { readPlanOverview } from "@/lib/server/use-cases/read-plan-overview";
import type { PlanOverview } from "@/lib/server/present/api-types";

// GET /api/plan: the caller's effective plan, its limits, and this month's uploads against them.
export const GET = route({ auth: "user" }, async ({ user }): Promise<PlanOverview> => readPlanOverview(user));
