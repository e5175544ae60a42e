import "server-only";
import type { User } from "@/lib/server/db/schema";
import { effectivePlan, supporterActive, trialActive } from "@/lib/server/policies/effective-plan";
import { monthlyUploads } from "@/lib/server/queries/documents";
import { toPublicPlanStatus } from "@/lib/server/present/user";
import { currentMonth } from "@/lib/server/policies/upload-limits";

/** The plan that holds now, this month's uploads against its limit, and the running trial or grant. */
export async function readPlanOverview(user: User, now = new Date()) {
  const month = currentMonth(now);
  return {
    status: toPublicPlanStatus(effectivePlan(user, now)),
    month,
    uploads: await monthlyUploads(user.id, month),
    // A trial can run beneath a supporter grant; its end is worth knowing either way.
    trialEndsAt: trialActive(user, now) ? user.trialEndsAt!.toISOString() : null,
    supporterUntil: supporterActive(user, now) ? (user.supporterUntil?.toISOString() ?? null) : null,
  };
}

export type PlanOverview = Awaited<ReturnType<typeof readPlanOverview>>;
