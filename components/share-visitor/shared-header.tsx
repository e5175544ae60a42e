"use client";

import { useTranslations } from "next-intl";
import { Heart } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LanguageSwitcher } from "@/components/layout/language-switcher";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { SharedAuthControls } from "./shared-auth-controls";
import { SharedHeaderFrame } from "./shared-header-frame";

/**
 * The shared page's own header (no app navigation): the assistant's name and badges, sign-in or
 * the signed-in controls, support us, language and theme.
 */
export function SharedHeader({
  name,
  shareId,
  googleEnabled,
  hideSignIn,
  support,
}: {
  name: string;
  shareId: string;
  googleEnabled: boolean;
  hideSignIn: boolean;
  support: { href: string; external: boolean };
}) {
  const t = useTranslations("shared");
  return (
    <SharedHeaderFrame name={name}>
      <div className="flex items-center gap-0.5">
        <Button variant="ghost" size="sm" asChild data-testid="shared-support">
          <a href={support.href} target="_blank" rel={support.external ? "noopener noreferrer" : "noopener"} title={t("supportUs")} aria-label={t("supportUs")}>
            <Heart className="text-rose-500" />
            <span className="hidden md:inline">{t("supportUs")}</span>
          </a>
        </Button>
        <LanguageSwitcher />
        <ThemeToggle />
        <SharedAuthControls shareId={shareId} googleEnabled={googleEnabled} hideSignIn={hideSignIn} />
      </div>
    </SharedHeaderFrame>
  );
}
