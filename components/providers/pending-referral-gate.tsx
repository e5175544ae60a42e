"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import type { ClientUser } from "@/lib/client-user";
import { PENDING_REFERRAL_EVENT, PENDING_REFERRAL_STORAGE_KEY } from "@/lib/constants";
import { localStore } from "@/lib/browser-storage";

// The runner's code is fetched only once a referral code is stored in this browser: on almost every
// page load there is none, and every page (the shared page above all) loads faster without it.
const PendingReferralRunner = dynamic(() => import("./pending-referral-runner").then((m) => m.PendingReferralRunner), { ssr: false });

function codeStored(): boolean {
  return Boolean(localStore().getItem(PENDING_REFERRAL_STORAGE_KEY));
}

/**
 * Mounts PendingReferralRunner from the moment a code is waiting (stored earlier, or stored now).
 * `user`: who the server saw, for the runner's first render.
 */
export function PendingReferralGate({ user }: { user: ClientUser | null }) {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    const check = () => {
      if (codeStored()) setWaiting(true);
    };
    check();
    window.addEventListener(PENDING_REFERRAL_EVENT, check);
    return () => window.removeEventListener(PENDING_REFERRAL_EVENT, check);
  }, []);
  return waiting ? <PendingReferralRunner user={user} /> : null;
}
