import type { Plan, Role } from "@/lib/constants";

// The user as the browser sees it (GET /api/user).
export interface ClientUser {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  plan: Plan;
  effectivePlan: Plan;
  trialEndsAt: string | null;
  referralCode: string;
  disabled: boolean;
  hasPassword: boolean;
  googleLinked: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}
