"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { TriangleAlert, X } from "lucide-react";
import type { InAppBrowser } from "@/lib/chat/in-app-browser";
import { CopyLinkButton } from "./copy-link-button";

/** The dismissible compatibility warning of in-app browsers (LINE, Facebook, Instagram). */
export function InAppWarning({ browser }: { browser: InAppBrowser }) {
  const t = useTranslations("shared");
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="in-app-warning">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 space-y-2">
        <p>{t("inAppWarning", { app: t(`inAppNames.${browser}`) })}</p>
        <CopyLinkButton testId="in-app-copy-link" />
      </div>
      <button type="button" onClick={() => setOpen(false)} className="rounded p-1 hover:bg-amber-100 dark:hover:bg-amber-900" aria-label={t("dismiss")} data-testid="in-app-warning-dismiss">
        <X className="size-4" />
      </button>
    </aside>
  );
}
