"use client";

import { PENDING_REFERRAL_EVENT, PENDING_REFERRAL_STORAGE_KEY } from "@/lib/constants";
import type { ClientUser } from "@/lib/client-user";
import { ApiError, apiFetch } from "@/lib/fetcher";
import { localStore } from "@/lib/browser-storage";
import { keepsPendingReferral } from "@/lib/pending-referral-outcome";

// A referral code from an invitation link is kept in the browser until it has been applied to the
// account (sign-in stores the user, then tries the pending code: docs/rules/plans-and-referrals.md#referrals). The
// PendingReferralRunner applies it as soon as someone is signed in: after a password sign-in or
// registration, after Google's redirect back, or on a later visit when a try failed on the way.

function announce() {
  window.dispatchEvent(new Event(PENDING_REFERRAL_EVENT));
}

export function savePendingReferral(code: string) {
  const trimmed = code.trim();
  // Where the browser refuses storage, the code is kept for as long as the page is open.
  try {
    if (trimmed) localStore().setItem(PENDING_REFERRAL_STORAGE_KEY, trimmed);
    else localStore().removeItem(PENDING_REFERRAL_STORAGE_KEY);
  } catch {
    // Storage full: the code can still be typed on the register form.
  }
  announce();
}

export function readPendingReferral(): string | undefined {
  return localStore().getItem(PENDING_REFERRAL_STORAGE_KEY) || undefined;
}

function dropPendingReferral() {
  localStore().removeItem(PENDING_REFERRAL_STORAGE_KEY);
}

export type ReferralOutcome =
  | { kind: "applied"; user: ClientUser }
  /** Refused for good: the code is gone from storage. */
  | { kind: "refused"; message?: string }
  /** Failed on the way: the code stays for the next try. */
  | { kind: "kept" };

let inFlight: Promise<ReferralOutcome | null> | null = null;

async function applyPendingReferral(): Promise<ReferralOutcome | null> {
  const code = readPendingReferral();
  if (!code) return null;
  try {
    const res = await apiFetch<{ user: ClientUser }>("/api/referrals/process", { method: "POST", json: { referralCode: code } });
    dropPendingReferral();
    return { kind: "applied", user: res.user };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    if (keepsPendingReferral(status, error instanceof ApiError ? error.body : undefined)) return { kind: "kept" };
    dropPendingReferral();
    return { kind: "refused", message: error instanceof ApiError ? error.serverMessage : undefined };
  }
}

/** Applies the stored code, if any; callers at the same moment share one request. */
export function processPendingReferral(): Promise<ReferralOutcome | null> {
  inFlight ??= applyPendingReferral().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
