import "server-only";
import type { User } from "@/lib/server/db/schema";
import { effectivePlan, supporterActive, trialActive } from "@/lib/server/policies/effective-plan";
import { monthlyUploads } from "@/lib/server/queries/documents";
import { toPublicPlanStatus, type PlanOverview } from "@/lib/server/present/user";
import { currentMonth } from "@/lib/server/policies/upload-limits";
import { canUseWorkspace } from "@/lib/server/policies/workspace-access";

/**
 * The plan that holds now, this month's uploads against its limit, the running trial or grant,
 * and whether the user has a workspace to upload into at all (without one, the limits wait for an
 * administrator to open workspaces).
 */
export async function readPlanOverview(user: User, now = new Date()): Promise<PlanOverview> {
  const month = currentMonth(now);
  const [uploads, workspace] = await Promise.all([monthlyUploads(user.id, month), canUseWorkspace(user)]);
  return {
    status: toPublicPlanStatus(effectivePlan(user, now)),
    month,
    uploads,
    workspace,
    // A trial can run beneath a supporter grant; its end is worth knowing either way.
    trialEndsAt: trialActive(user, now) ? user.trialEndsAt!.toISOString() : null,
    supporterUntil: supporterActive(user, now) ? (user.supporterUntil?.toISOString() ?? null) : null,
  };
}
