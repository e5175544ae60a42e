"use client";

import useSWR from "swr";
import { jsonFetcher } from "@/lib/fetcher";
import type { PlanOverview, ReferralSummary } from "@/lib/server/present/api-types";

export const PLAN_KEY = "/api/plan";
export const REFERRALS_KEY = "/api/referrals";

// Both change without the page knowing (a referral applied, an admin's grant, a trial ending):
// fetched again each time a screen showing them opens.

export function usePlanOverview(initial?: PlanOverview) {
  return useSWR<PlanOverview>(PLAN_KEY, jsonFetcher, { fallbackData: initial, revalidateOnMount: true });
}

export function useReferralSummary() {
  return useSWR<ReferralSummary>(REFERRALS_KEY, jsonFetcher, { revalidateOnMount: true });
}
