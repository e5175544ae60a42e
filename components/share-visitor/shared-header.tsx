"use client";

import { useTranslations } from "next-intl";
import { Bot, Heart } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LanguageSwitcher } from "@/components/layout/language-switcher";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { SkipLink } from "@/components/layout/skip-link";
import { TOP_BAR_ATTRIBUTE } from "@/components/layout/top-bar";
import { SharedAuthControls } from "./shared-auth-controls";

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
  chatShown,
}: {
  name: string;
  shareId: string;
  googleEnabled: boolean;
  hideSignIn: boolean;
  support: { href: string; external: boolean };
  /** The chat is on the page: a keyboard reader can skip the header and the conversation to the message box. */
  chatShown: boolean;
}) {
  const t = useTranslations("shared");
  const tApp = useTranslations("app");
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur" data-testid="shared-header" {...{ [TOP_BAR_ATTRIBUTE]: "" }}>
      {chatShown ? <SkipLink to="message-box">{tApp("skipToMessageBox")}</SkipLink> : null}
      {/* A grid: on a phone the badges take a row of their own under the name and the controls;
          from sm up, the icon and the controls stand beside the name and the badges. */}
      <div className="mx-auto grid min-h-14 max-w-4xl grid-cols-[auto_minmax(0,1fr)_auto] grid-rows-[minmax(2.25rem,auto)_auto] items-center gap-x-2 gap-y-1 px-3 py-2 sm:grid-rows-[auto_auto] sm:gap-y-0.5 sm:px-4">
        <Bot className="col-start-1 row-start-1 size-5 shrink-0 text-primary sm:row-span-2" aria-hidden />
        <h1 className="col-start-2 row-start-1 truncate font-semibold leading-tight sm:self-end" data-testid="shared-title">
          {name || tApp("name")}
        </h1>
        <ul className="col-span-3 col-start-1 row-start-2 flex flex-wrap gap-1 sm:col-span-1 sm:col-start-2 sm:self-start" aria-label={t("badgesLabel")} data-testid="shared-badges">
          <li className="flex">
            <Badge variant="secondary" className="gap-1 px-1.5 py-0 text-[11px] font-normal">
              <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
              {t("badgeOnline")}
            </Badge>
          </li>
          <li className="flex">
            <Badge variant="secondary" className="px-1.5 py-0 text-[11px] font-normal">
              {t("badgeInstant")}
            </Badge>
          </li>
          <li className="flex">
            <Badge variant="secondary" className="px-1.5 py-0 text-[11px] font-normal">
              {t("badgeSmart")}
            </Badge>
          </li>
        </ul>
        <div className="col-start-3 row-start-1 flex items-center gap-0.5 sm:row-span-2">
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
      </div>
    </header>
  );
}
