"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { LayoutDashboard, LogIn, LogOut, UserRound } from "lucide-react";
import { RELOAD_AFTER_AUTH_MS } from "@/lib/constants";
import { apiFetch } from "@/lib/fetcher";
import { Button } from "@/components/ui/button";
import { useGoogleSignIn } from "./use-google-sign-in";
import { useGuestAuth, type GuestAuthStatus } from "./use-guest-auth";

/**
 * Sign-in / signed-in / sign-out controls of the shared page header (docs/rules/sharing.md#the-shared-page), and for anyone
 * signed in the admin-console button (a new tab to /admin). The sign-in button is hidden inside
 * in-app browsers, where Google refuses to sign in.
 */
export function SharedAuthControls({ shareId, googleEnabled, hideSignIn }: { shareId: string; googleEnabled: boolean; hideSignIn: boolean }) {
  const t = useTranslations("shared");
  const tAuth = useTranslations("auth");
  const tNav = useTranslations("nav");
  const { data, mutate } = useGuestAuth();
  const signIn = useGoogleSignIn(shareId);

  async function signOut() {
    try {
      await apiFetch("/api/logout", { method: "POST" });
      toast.success(tAuth("logoutSuccess"));
    } catch {
      toast.error(tAuth("logoutFailed"), { description: tAuth("logoutFailedDescription"), duration: 3_000 });
      return;
    }
    await mutate({ isAuthenticated: false, user: null } satisfies GuestAuthStatus, { revalidate: false });
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_AUTH_MS);
  }

  if (data?.isAuthenticated && data.user) {
    return (
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="sm" asChild data-testid="shared-admin-console">
          <a href="/admin" target="_blank" rel="noopener" title={t("adminConsole")}>
            <LayoutDashboard />
            <span className="hidden md:inline">{t("adminConsole")}</span>
          </a>
        </Button>
        <span className="flex items-center gap-1 text-sm text-muted-foreground" title={t("signedInAs", { name: data.user.displayName })} data-testid="shared-signed-in">
          <UserRound className="size-4" aria-hidden />
          <span className="hidden max-w-40 truncate sm:inline">{t("signedInAs", { name: data.user.displayName })}</span>
        </span>
        <Button variant="ghost" size="sm" onClick={() => void signOut()} title={tNav("signOut")} data-testid="shared-sign-out">
          <LogOut />
          <span className="hidden sm:inline">{tNav("signOut")}</span>
        </Button>
      </div>
    );
  }
  if (!googleEnabled || hideSignIn) return null;
  return (
    <Button size="sm" onClick={signIn} aria-label={t("signIn")} title={t("signIn")} data-testid="shared-sign-in">
      <LogIn />
      <span className="hidden sm:inline">{t("signIn")}</span>
    </Button>
  );
}
