"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Sparkles, X } from "lucide-react";
import { localStore } from "@/lib/browser-storage";

const DISMISSED_KEY = "promoBannerDismissed";

/** Invites the reader to build their own assistant; dismissed once, it stays away on this browser. */
export function PromoBanner() {
  const t = useTranslations("chat");
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(localStore().getItem(DISMISSED_KEY) !== "1"), []);
  if (!visible) return null;
  return (
    // Compact on a phone: every line here is a line less of the conversation.
    <aside className="flex items-center gap-2 rounded-xl border border-primary/30 bg-gradient-to-r from-primary/10 to-transparent px-3 py-1.5 text-xs sm:gap-3 sm:px-4 sm:py-2.5 sm:text-sm" data-testid="promo-banner">
      <Sparkles className="size-4 shrink-0 text-primary sm:size-5" aria-hidden />
      <p className="line-clamp-2 flex-1">{t("promoText")}</p>
      <Link href="/guide" target="_blank" className="shrink-0 font-medium text-primary underline-offset-2 hover:underline">
        {t("promoAction")}
      </Link>
      <button
        type="button"
        onClick={() => {
          localStore().setItem(DISMISSED_KEY, "1");
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
