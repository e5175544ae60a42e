"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { PENDING_REFERRAL_EVENT, REFERRAL_TRIAL_DAYS } from "@/lib/constants";
import type { ClientUser } from "@/lib/client-user";
import { useCurrentUser } from "@/components/layout/use-current-user";
import { CURRENT_USER_KEY } from "@/lib/client-user";
import { processPendingReferral } from "@/components/auth/pending-referral";
import { USAGE_KEY } from "@/components/files/document-keys";
import { PLAN_KEY, REFERRALS_KEY } from "@/components/plans/use-plan";
import { DataProvider } from "./data-provider";

/**
 * Applies a stored referral code once someone is signed in (password, registration or Google),
 * and again whenever a new code is stored: 邀請碼處理成功 on success, the server's reason on a
 * final refusal. A code kept after a failure on the way is tried again on the next page load.
 */
export function PendingReferralRunner({ user }: { user: ClientUser | null }) {
  return (
    <DataProvider fallback={{ [CURRENT_USER_KEY]: user }}>
      <Runner />
    </DataProvider>
  );
}

function Runner() {
  const t = useTranslations("referrals");
  const tAuth = useTranslations("auth");
  const { user, mutate: setUser } = useCurrentUser();
  const { mutate } = useSWRConfig();
  const [stored, setStored] = useState(0);
  const userId = user?.id;

  useEffect(() => {
    const changed = () => setStored((n) => n + 1);
    window.addEventListener(PENDING_REFERRAL_EVENT, changed);
    return () => window.removeEventListener(PENDING_REFERRAL_EVENT, changed);
  }, []);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void processPendingReferral().then((outcome) => {
      if (!live || !outcome) return;
      if (outcome.kind === "applied") {
        toast.success(tAuth("referralSuccess"), { description: t("processedDescription", { days: REFERRAL_TRIAL_DAYS }) });
        void setUser(outcome.user, { revalidate: false });
        for (const key of [PLAN_KEY, REFERRALS_KEY, USAGE_KEY]) void mutate(key);
      } else if (outcome.kind === "refused") {
        toast.error(t("processFailed"), outcome.message ? { description: outcome.message } : undefined);
      }
    });
    return () => {
      live = false;
    };
  }, [userId, stored, setUser, mutate, t, tAuth]);

  return null;
}
