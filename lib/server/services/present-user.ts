import "server-only";
import type { User } from "@/lib/server/db/schema";

/** What the API tells about a user: never the password hash or session version. */
export function toPublicUser(user: User) {
  const trialActive = user.trialEndsAt !== null && user.trialEndsAt.getTime() > Date.now();
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    plan: user.plan,
    // Supporter benefits apply during an active referral trial too.
    effectivePlan: user.plan === "supporter" || trialActive ? ("supporter" as const) : ("free" as const),
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
