"use client";

import { useCallback, useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { sessionStore } from "@/lib/browser-storage";
import { POPUP_CLOSED_RECHECK_MS, RELOAD_AFTER_AUTH_MS } from "@/lib/constants";
import { googleSignInUrl, isAuthSuccessMessage, isFramed, isMobile } from "@/lib/google-auth-flow";
import { requestPendingReplayAfterReload } from "@/lib/share-visitor/pending-replay";
import { useGuestAuth } from "./use-guest-auth";

/**
 * Google sign-in from a shared page (docs/rules/sharing.md#google-sign-in-from-a-share): a full-page redirect on a phone; a popup on
 * a desktop, or the same tab when the popup is blocked. The popup's success message closes it,
 * toasts and reloads after 1 s; a popup closed without one re-checks after 1 s (and, signed in,
 * toasts and reloads the same). Inside another
 * site's <iframe> the framed page could never use the session (its cookie is not sent there), so
 * the whole share opens in a new tab through the sign-in, and the visitor continues there.
 */
export function useGoogleSignIn(shareId: string) {
  const tAuth = useTranslations("auth");
  const tShared = useTranslations("shared");
  const { mutate } = useGuestAuth();
  const popupWatch = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(popupWatch.current), []);

  return useCallback(() => {
    if (isFramed(window)) {
      window.open(googleSignInUrl(shareId, false), "_blank", "noopener");
      toast.info(tShared("signInNewTab"));
      return;
    }
    if (isMobile(navigator.userAgent, window.innerWidth)) {
      window.location.assign(googleSignInUrl(shareId, false));
      return;
    }
    const popup = window.open(googleSignInUrl(shareId, true), "google-signin", "width=500,height=640");
    if (!popup) {
      window.location.assign(googleSignInUrl(shareId, false));
      return;
    }
    let succeeded = false;
    const signedIn = () => {
      // The reload lands without auth=success: a saved draft is replayed all the same.
      requestPendingReplayAfterReload(sessionStore());
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_AUTH_MS);
    };
    const onMessage = (event: MessageEvent) => {
      if (!isAuthSuccessMessage(event, window.location.origin)) return;
      succeeded = true;
      window.removeEventListener("message", onMessage);
      popup.close();
      toast.success(tAuth("loginSuccess"));
      signedIn();
    };
    window.addEventListener("message", onMessage);
    window.clearInterval(popupWatch.current);
    popupWatch.current = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(popupWatch.current);
      if (succeeded) return;
      // Closed without a message yet. The popup posts it and closes at once, so the message may
      // still be on its way (the listener stays until the re-check), or it was lost: the sign-in
      // may have worked all the same, and then it is said just the same.
      window.setTimeout(async () => {
        window.removeEventListener("message", onMessage);
        if (succeeded) return;
        const status = await mutate();
        if (!status?.isAuthenticated || succeeded) return;
        succeeded = true;
        toast.success(tAuth("loginSuccess"));
        signedIn();
      }, POPUP_CLOSED_RECHECK_MS);
    }, 500);
  }, [shareId, tAuth, tShared, mutate]);
}
