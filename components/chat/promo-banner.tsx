"use client";

import { useLayoutEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Sparkles, X } from "lucide-react";
import { hasPreferenceCookie, localStore, setPreferenceCookie } from "@/lib/browser-storage";
import { PROMO_DISMISSED_COOKIE } from "@/lib/constants";

const DISMISSED_KEY = "promoBannerDismissed";

// The cookie tells the server (which draws the shared page's chat) what localStorage tells this code.
const rememberForServer = () => setPreferenceCookie(PROMO_DISMISSED_COOKIE, "1");

/**
 * Invites the reader to build their own assistant; dismissed once, it stays away on this browser.
 * `initiallyShown`: what the server drew (the shared page reads the cookie), so the banner is not
 * added after the first paint, moving the welcome down.
 */
export function PromoBanner({ initiallyShown = false }: { initiallyShown?: boolean }) {
  const t = useTranslations("chat");
  const [visible, setVisible] = useState(initiallyShown);
  // Before the next paint: storage has the last word, should the cookie be missing or out of date.
  useLayoutEffect(() => {
    const dismissed = localStore().getItem(DISMISSED_KEY) === "1";
    // Dismissed before the cookie existed: the server learns it from the next page load on.
    if (dismissed && !hasPreferenceCookie(PROMO_DISMISSED_COOKIE, "1")) rememberForServer();
    setVisible(!dismissed);
  }, []);
  if (!visible) return null;
  return (
    <aside className="flex items-center gap-2 rounded-xl border border-primary/30 bg-gradient-to-r from-primary/10 to-transparent px-3 py-1.5 text-xs sm:gap-3 sm:px-4 sm:py-2.5 sm:text-sm" data-testid="promo-banner">
      <Sparkles className="size-4 shrink-0 text-primary sm:size-5" aria-hidden />
      {/* A phone's narrow banner says it in fewer words rather than cutting the sentence off. */}
      <p className="line-clamp-2 flex-1">
        <span className="sm:hidden">{t("promoTextShort")}</span>
        <span className="hidden sm:inline">{t("promoText")}</span>
      </p>
      {/* A new tab: a plain link (the client router has nothing to do for it). */}
      <a href="/guide" target="_blank" className="shrink-0 font-medium text-primary underline-offset-2 hover:underline">
        {t("promoAction")}
      </a>
      <button
        type="button"
        onClick={() => {
          localStore().setItem(DISMISSED_KEY, "1");
          rememberForServer();
          setVisible(false);
        }}
        className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        aria-label={t("dismiss")}
        data-testid="promo-dismiss"
      >
        <X className="size-4" />
      </button>
    </aside>
  );
}
