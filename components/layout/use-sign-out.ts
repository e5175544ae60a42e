"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/lib/fetcher";
import { queueFlashToast } from "@/lib/flash-toast";

/**
 * Main-app sign-out (docs/rules/roles-and-routes.md#redirects): request, toast, then a full load of "/" so every cached piece of
 * data is gone, even when the request failed. The toast is carried across that load.
 */
export function useSignOut() {
  const t = useTranslations("auth");
  return useCallback(async () => {
    try {
      await apiFetch("/api/logout", { method: "POST" });
      queueFlashToast({ type: "success", title: t("logoutSuccess") });
    } catch {
      queueFlashToast({ type: "error", title: t("logoutFailed"), description: t("logoutFailedDescription") });
    }
    window.location.assign("/");
  }, [t]);
}
