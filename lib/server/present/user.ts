import "server-only";
import type { User } from "@/lib/server/db/schema";
import { effectivePlan, type EffectivePlan } from "@/lib/server/policies/effective-plan";

/** The plan that holds now, as the API tells it: the same on /account, /subscribe and the user list. */
export function toPublicPlanStatus(plan: EffectivePlan) {
  return {
    kind: plan.kind,
    until: plan.until?.toISOString() ?? null,
    monthlyUploads: plan.monthlyUploads,
    maxFileBytes: plan.maxFileBytes,
  };
}

/** What the API tells about a user: never the password hash or session version. */
export function toPublicUser(user: User) {
  const plan = effectivePlan(user);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    plan: user.plan,
    // Whose limits apply now: supporter during a grant, an active referral trial, or for admins.
    effectivePlan: plan.tier,
    planStatus: toPublicPlanStatus(plan),
    supporterUntil: user.supporterUntil?.toISOString() ?? null,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    referralCode: user.referralCode,
    disabled: user.disabled,
    hasPassword: user.passwordHash !== null,
    googleLinked: user.googleSub !== null,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

export type PublicUser = ReturnType<typeof toPublicUser>;

/** Signing in, registering or setting up the first admin: the user the new session is for. */
export interface SignedIn {
  user: PublicUser;
  displayName: string;
}

/** GET and PATCH /api/user: the signed-in user, with the same again under `user`. */
export type CurrentUser = PublicUser & { user: PublicUser };

/** GET /api/users: a page of users and how many match. */
export interface UserPage {
  users: PublicUser[];
  total: number;
}
export type PublicPlanStatus = ReturnType<typeof toPublicPlanStatus>;

/** GET /api/plan: the plan in force, this month's uploads against it, the running trial or grant. */
export interface PlanOverview {
  status: PublicPlanStatus;
  month: string;
  uploads: number;
  /** The user has a workspace to upload into; without one the limits are not in use yet. */
  workspace: boolean;
  trialEndsAt: string | null;
  supporterUntil: string | null;
}
