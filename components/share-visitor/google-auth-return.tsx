"use client";

import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { sessionStore } from "@/lib/browser-storage";
import { AUTH_SUCCESS_MESSAGE, withoutAuthParams } from "@/lib/google-auth-flow";
import { schedulePendingReplay, shouldReplayOnLoad } from "@/lib/share-visitor/pending-replay";

/**
 * Back from Google with auth=success. In the popup: tell the opener (same origin only) and close.
 * In the page itself: drop the parameter from the address, say so, and 1.5 s later ask the chat to
 * replay the message saved before sign-in.
 */
export function GoogleAuthReturn() {
  const t = useTranslations("shared");
  useEffect(() => {
    const url = new URL(window.location.href);
    const success = url.searchParams.get("auth") === "success";
    const opener = window.opener as Window | null;
    if (success && url.searchParams.get("popup") === "true" && opener && !opener.closed) {
      opener.postMessage({ type: AUTH_SUCCESS_MESSAGE }, window.location.origin);
      window.close();
      return;
    }
    const replay = shouldReplayOnLoad(sessionStore(), window.location.href);
    if (success) {
      window.history.replaceState(null, "", withoutAuthParams(window.location.href));
      toast.success(t("authSuccess"));
    }
    if (replay) return schedulePendingReplay(window);
  }, [t]);
  return null;
}
