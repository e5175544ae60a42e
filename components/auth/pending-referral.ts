"use client";

import { PENDING_REFERRAL_STORAGE_KEY } from "@/lib/constants";
import { apiFetch } from "@/lib/fetcher";

// A referral code from an invitation link is kept in the browser until it has been applied
// to the account (SPEC §3, §4: "success stores the user, then tries the pending referral code").

export function savePendingReferral(code: string) {
  try {
    localStorage.setItem(PENDING_REFERRAL_STORAGE_KEY, code.trim());
  } catch {
    // No storage: the code can still be typed on the register form.
  }
}

export function readPendingReferral(): string | undefined {
  try {
    return localStorage.getItem(PENDING_REFERRAL_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Applies the pending code; true when the server accepted it. Failures keep it for later. */
export async function processPendingReferral(): Promise<boolean> {
  const code = readPendingReferral();
  if (!code) return false;
  try {
    await apiFetch("/api/referrals/process", { method: "POST", json: { referralCode: code } });
    localStorage.removeItem(PENDING_REFERRAL_STORAGE_KEY);
    return true;
  } catch {
    return false;
  }
}
