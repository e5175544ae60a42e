"use client";

import { useLocale, useTranslations } from "next-intl";
import { Languages } from "lucide-react";
import type { Locale } from "@/lib/constants";
import { Button } from "@/components/ui/button";

/** The language menu's button, the same before and after the menu itself has loaded. */
export function LanguageButton(props: React.ComponentProps<typeof Button>) {
  const t = useTranslations("language");
  const locale = useLocale() as Locale;
  return (
    <Button variant="ghost" size="sm" data-testid="language-switcher" aria-haspopup="menu" {...props}>
      <Languages />
      {/* Named "Language 繁體中文": what the button shows is part of its name (WCAG 2.5.3). */}
      <span className="sr-only">{t("label")} </span>
      <span className="hidden sm:inline">{t(locale)}</span>
    </Button>
  );
}
