"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { LogIn, LogOut, UserRound } from "lucide-react";
import { POPUP_CLOSED_RECHECK_MS, RELOAD_AFTER_AUTH_MS } from "@/lib/constants";
import { apiFetch } from "@/lib/fetcher";
import { googleSignInUrl, isAuthSuccessMessage, isMobile } from "@/lib/google-auth-flow";
import { Button } from "@/components/ui/button";
import { useGuestAuth, type GuestAuthStatus } from "./use-guest-auth";

/** Sign-in / signed-in / sign-out controls of the shared page header (SPEC §2, §4). */
export function SharedAuthControls({ shareId, googleEnabled }: { shareId: string; googleEnabled: boolean }) {
  const t = useTranslations("shared");
  const tAuth = useTranslations("auth");
  const tNav = useTranslations("nav");
  const { data, mutate } = useGuestAuth();
  const popupWatch = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(popupWatch.current), []);

  function signIn() {
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
    const onMessage = (event: MessageEvent) => {
      if (!isAuthSuccessMessage(event, window.location.origin)) return;
      succeeded = true;
      window.removeEventListener("message", onMessage);
      popup.close();
      toast.success(tAuth("loginSuccess"));
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_AUTH_MS);
    };
    window.addEventListener("message", onMessage);
    window.clearInterval(popupWatch.current);
    popupWatch.current = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(popupWatch.current);
      window.removeEventListener("message", onMessage);
      if (succeeded) return;
      // Closed without a message: the sign-in may still have worked (e.g. the message was lost).
      window.setTimeout(async () => {
        const status = await mutate();
        if (status?.isAuthenticated) window.location.reload();
      }, POPUP_CLOSED_RECHECK_MS);
    }, 500);
  }

  async function signOut() {
    try {
      await apiFetch("/api/logout", { method: "POST" });
      toast.success(tAuth("logoutSuccess"));
    } catch {
      toast.error(tAuth("logoutFailed"), { description: tAuth("logoutFailedDescription") });
      return;
    }
    await mutate({ isAuthenticated: false, user: null } satisfies GuestAuthStatus, { revalidate: false });
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_AUTH_MS);
  }

  if (data?.isAuthenticated && data.user) {
    return (
      <div className="flex items-center gap-1">
        <span className="hidden items-center gap-1 text-sm text-muted-foreground sm:flex" data-testid="shared-signed-in">
          <UserRound className="size-4" aria-hidden />
          {t("signedInAs", { name: data.user.displayName })}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void signOut()} data-testid="shared-sign-out">
          <LogOut />
          <span className="hidden sm:inline">{tNav("signOut")}</span>
        </Button>
      </div>
    );
  }
  if (!googleEnabled) return null;
  return (
    <Button size="sm" onClick={signIn} data-testid="shared-sign-in">
      <LogIn />
      {t("signIn")}
    </Button>
  );
}
