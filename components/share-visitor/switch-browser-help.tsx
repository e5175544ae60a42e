"use client";

import { useTranslations } from "next-intl";
import { Compass, RotateCw } from "lucide-react";
import type { InAppBrowser } from "@/lib/chat/in-app-browser";
import { Button } from "@/components/ui/button";
import { CopyLinkButton } from "./copy-link-button";

/**
 * Offered when the page is still not up in an in-app browser at a load check: how to open it in
 * the phone's own browser, with copy link, retry and continue anyway.
 */
export function SwitchBrowserHelp({ browser, onRetry, onContinue }: { browser: InAppBrowser; onRetry: () => void; onContinue: () => void }) {
  const t = useTranslations("shared");
  return (
    <section role="dialog" aria-modal="false" aria-labelledby="switch-browser-title" className="mx-auto mt-6 max-w-md rounded-xl border bg-card p-5 shadow-sm" data-testid="switch-browser-help">
      <Compass className="mb-3 size-8 text-primary" aria-hidden />
      <h2 id="switch-browser-title" className="text-lg font-semibold">
        {t("helpTitle")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("helpBody", { app: t(`inAppNames.${browser}`) })}</p>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
        <li>{t(`helpSteps.${browser === "line" ? "line" : "meta"}`)}</li>
        <li>{t("helpStepCopy")}</li>
      </ol>
      <div className="mt-4 flex flex-wrap items-start gap-2">
        <CopyLinkButton testId="help-copy-link" variant="default" />
        <Button variant="outline" size="sm" onClick={onRetry} data-testid="help-retry">
          <RotateCw />
          {t("helpRetry")}
        </Button>
        <Button variant="ghost" size="sm" onClick={onContinue} data-testid="help-continue">
          {t("helpContinue")}
        </Button>
      </div>
    </section>
  );
}
