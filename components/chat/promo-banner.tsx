"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Sparkles, X } from "lucide-react";

const DISMISSED_KEY = "promoBannerDismissed";

/** Invites the reader to build their own assistant; dismissed once, it stays away on this browser. */
export function PromoBanner() {
  const t = useTranslations("chat");
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(localStorage.getItem(DISMISSED_KEY) !== "1"), []);
  if (!visible) return null;
  return (
    <aside className="flex items-center gap-3 rounded-xl border border-primary/30 bg-gradient-to-r from-primary/10 to-transparent px-4 py-3 text-sm" data-testid="promo-banner">
      <Sparkles className="size-5 shrink-0 text-primary" aria-hidden />
      <p className="flex-1">{t("promoText")}</p>
      <Link href="/guide" target="_blank" className="shrink-0 font-medium text-primary underline-offset-2 hover:underline">
        {t("promoAction")}
      </Link>
      <button
        type="button"
        onClick={() => {
          localStorage.setItem(DISMISSED_KEY, "1");
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
