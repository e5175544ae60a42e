"use client";

import { useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button-variants";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("fatal");
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <div role="alert" className="w-full max-w-sm rounded-xl border bg-card p-6 text-center shadow-sm">
        <h1 className="mb-2 text-xl font-semibold">{t("title")}</h1>
        <p className="mb-5 text-sm text-muted-foreground">{t("description")}</p>
        <div className="flex justify-center gap-2">
          <button type="button" data-slot="button" className={buttonVariants({ variant: "outline" })} onClick={() => reset()}>
            {t("reload")}
          </button>
          <button type="button" data-slot="button" className={buttonVariants()} onClick={() => window.location.reload()}>
            {t("reload")} ↻
          </button>
        </div>
      </div>
    </main>
  );
}
