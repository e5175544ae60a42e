import type { Plan, PlanKind, Role } from "@/lib/constants";

/**
 * The signed-in user's data key (GET /api/user). Here, not in the "use client" hook that reads it:
 * a server component that seeds the cache with it (app-shell.tsx) would get a client reference
 * from that module, not the string, and the cache entry would never match.
 */
export const CURRENT_USER_KEY = "/api/user";

/** The plan that holds now and its limits (the server's effective plan). */
export interface ClientPlanStatus {
  kind: PlanKind;
  /** When it ends (ISO instant, the first moment it no longer holds); null: no end. */
  until: string | null;
  /** Uploads per calendar month; null: unlimited. */
  monthlyUploads: number | null;
  maxFileBytes: number;
}

// The user as the browser sees it (GET /api/user).
export interface ClientUser {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  plan: Plan;
  effectivePlan: Plan;
  planStatus: ClientPlanStatus;
  supporterUntil: string | null;
  trialEndsAt: string | null;
  referralCode: string;
  disabled: boolean;
  hasPassword: boolean;
  googleLinked: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}
