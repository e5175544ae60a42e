"use client";

import useSWR from "swr";
import { jsonFetcher } from "@/lib/fetcher";
import type { ClientPlanStatus } from "@/lib/client-user";

export const PLAN_KEY = "/api/plan";
export const REFERRALS_KEY = "/api/referrals";

/** GET /api/plan. */
export interface PlanOverview {
  status: ClientPlanStatus;
  month: string;
  uploads: number;
  /** The user has a workspace to upload into (docs/rules/roles-and-routes.md#who-has-a-workspace); without one the limits are not in use yet. */
  workspace: boolean;
  trialEndsAt: string | null;
  supporterUntil: string | null;
}

/** GET /api/referrals. */
export interface ReferralSummary {
  referralCode: string;
  inviteLink: string;
  invitedCount: number;
}

// Both change without the page knowing (a referral applied, an admin's grant, a trial ending):
// fetched again each time a screen showing them opens.

export function usePlanOverview(initial?: PlanOverview) {
  return useSWR<PlanOverview>(PLAN_KEY, jsonFetcher, { fallbackData: initial, revalidateOnMount: true });
}

export function useReferralSummary() {
  return useSWR<ReferralSummary>(REFERRALS_KEY, jsonFetcher, { revalidateOnMount: true });
}
