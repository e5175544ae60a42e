"use client";

import useSWR from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { listOrEmptyWhenSignedOut } from "@/lib/fetcher";
import type { OwnerShare } from "@/lib/server/present/api-types";

export const SHARES_KEY = "/api/shared-assistants";

export const fetchShares = () => listOrEmptyWhenSignedOut<OwnerShare>(SHARES_KEY);

/** The owner's live shares, newest first; a 401 is simply no shares. */
export function useShares() {
  const t = useTranslations("shares");
  return useSWR<OwnerShare[]>(SHARES_KEY, fetchShares, {
    // Message counts move while visitors chat: coming back to the tab shows fresh ones.
    revalidateIfStale: true,
    onError: () => toast.error(t("listError"), { id: "shares-list-error" }),
  });
}
