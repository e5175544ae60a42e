"use client";

import { useTranslations } from "next-intl";
import { Home, RotateCw, SearchX } from "lucide-react";
import type { ShareLoadError } from "@/lib/share-visitor/load-share";
import { Button } from "@/components/ui/button";

// A plain link out of the shared page (the app's other pages have another layout, so a full load):
// next/link would bring the client router's link code into the visitor's chunk for this alone.

/** The error state of the shared page: 無法載入共享助手, why, and back-to-home and reload. */
export function ShareLoadErrorCard({ error }: { error: ShareLoadError }) {
  const t = useTranslations("shared");
  const message =
    error.kind === "other" ? (error.message ?? t("serverError", { status: error.status })) : t(({ missingId: "missingId", invalidLink: "invalidLink", timeout: "timeout", notFound: "notFound", serverBusy: "serverBusy" } as const)[error.kind]);
  return (
    <div role="alert" className="mx-auto mt-10 max-w-md rounded-xl border bg-card p-6 text-center shadow-sm" data-testid="shared-error">
      <SearchX className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">{t("loadErrorTitle")}</h2>
      <p className="mt-1 text-sm text-muted-foreground" data-testid="shared-error-message">
        {message}
      </p>
      <div className="mt-5 flex justify-center gap-2">
        <Button variant="outline" asChild data-testid="shared-error-home">
          <a href="/">
            <Home />
            {t("backHome")}
          </a>
        </Button>
        <Button onClick={() => window.location.reload()} data-testid="shared-error-reload">
          <RotateCw />
          {t("reload")}
        </Button>
      </div>
    </div>
  );
}
