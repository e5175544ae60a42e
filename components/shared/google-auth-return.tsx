"use client";

import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { AUTH_SUCCESS_MESSAGE, withoutAuthParams } from "@/lib/google-auth-flow";

/**
 * Back from Google with auth=success. In the popup: tell the opener (same origin only) and close.
 * In the page itself: drop the parameter from the address and say so.
 */
export function GoogleAuthReturn() {
  const t = useTranslations("shared");
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get("auth") !== "success") return;
    const opener = window.opener as Window | null;
    if (url.searchParams.get("popup") === "true" && opener && !opener.closed) {
      opener.postMessage({ type: AUTH_SUCCESS_MESSAGE }, window.location.origin);
      window.close();
      return;
    }
    window.history.replaceState(null, "", withoutAuthParams(window.location.href));
    toast.success(t("authSuccess"));
  }, [t]);
  return null;
}
