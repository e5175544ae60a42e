"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { ApiError, apiFetch, errorMessage } from "@/lib/fetcher";
import type { OwnerShare } from "@/lib/server/present/api-types";
import { SHARES_KEY } from "./use-shares";

export const sharePath = (share: OwnerShare) => `${SHARES_KEY}/${encodeURIComponent(share.shareId)}`;

/** Revoking and replacing a link, and copying one, each with its toast; the list follows at once. */
export function useShareActions() {
  const t = useTranslations("shares");
  const { mutate } = useSWRConfig();

  const replaceInList = (old: OwnerShare, next: OwnerShare | null) =>
    mutate(SHARES_KEY, (list: OwnerShare[] | undefined) => (list ?? []).flatMap((s) => (s.id !== old.id ? [s] : next ? [next] : [])), { revalidate: false });

  // A share another tab already revoked answers 404: the fresh list then shows the truth.
  const refreshIfGone = (error: unknown) => {
    if (error instanceof ApiError && error.hasCode("not_found")) void mutate(SHARES_KEY);
  };

  async function revoke(share: OwnerShare) {
    try {
      await apiFetch(sharePath(share), { method: "DELETE" });
      await replaceInList(share, null);
      toast.success(t("revoked"));
    } catch (error) {
      toast.error(t("revokeFailed"), { description: errorMessage(error, t("revokeFailed")) });
      refreshIfGone(error);
    }
  }

  async function rotate(share: OwnerShare) {
    try {
      const next = await apiFetch<OwnerShare>(`${sharePath(share)}/rotate`, { method: "POST" });
      await replaceInList(share, next);
      toast.success(t("rotated"));
    } catch (error) {
      toast.error(t("rotateFailed"), { description: errorMessage(error, t("rotateFailed")) });
      refreshIfGone(error);
    }
  }

  async function copyLink(share: OwnerShare) {
    try {
      await navigator.clipboard.writeText(share.shareUrl);
      toast.success(t("linkCopied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  }

  /** Puts a share the server returned after an edit into the list. */
  const showSaved = (share: OwnerShare) => replaceInList(share, share);

  return { revoke, rotate, copyLink, showSaved };
}
