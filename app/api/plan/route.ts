import { route } from "@/lib/server/http/route";
import { readPlanOverview } from "@/lib/server/use-cases/read-plan-overview";

// GET /api/plan: the caller's effective plan, its limits, and this month's uploads against them.
export const GET = route({ auth: "user" }, async ({ user }) => readPlanOverview(user));
