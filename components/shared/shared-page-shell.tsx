"use client";

import { useTranslations } from "next-intl";
import { Bot } from "lucide-react";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { LanguageSwitcher } from "@/components/layout/language-switcher";
import { GoogleAuthReturn } from "./google-auth-return";
import { SharedAuthControls } from "./shared-auth-controls";

// The frame of /shared/{shareId}: its own header (no app navigation), the auth controls and the
// return from Google. The assistant itself is loaded into `children`.
export function SharedPageShell({
  shareId,
  googleEnabled,
  title,
  children,
}: {
  shareId: string;
  googleEnabled: boolean;
  title: string;
  children: React.ReactNode;
}) {
  const t = useTranslations("app");
  return (
    <div className="flex min-h-dvh flex-col">
      <GoogleAuthReturn />
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-4xl items-center gap-2 px-4">
          <Bot className="size-5 text-primary" aria-hidden />
          <span className="truncate font-semibold" data-testid="shared-title">
            {title || t("name")}
          </span>
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher />
            <ThemeToggle />
            <SharedAuthControls shareId={shareId} googleEnabled={googleEnabled} />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}
