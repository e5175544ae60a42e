"use client";

import { useTranslations } from "next-intl";
import { GuideButton } from "@/components/home/guide-button";

/** The empty chat of a shared assistant: who it is, the three feature cards, the guide and a hint. */
export function SharedEmptyState({ name, featureCards }: { name: string; featureCards: React.ReactNode }) {
  const t = useTranslations("shared");
  return (
    <div className="mx-auto max-w-3xl py-4 text-center sm:py-6" data-testid="shared-empty">
      <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("emptyTitle", { name })}</h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("emptyIntro")}</p>
      <div className="mt-6 text-left">{featureCards}</div>
      <div className="mt-6 flex flex-col items-center gap-3">
        <GuideButton />
        <p className="text-sm text-muted-foreground">{t("emptyHint")}</p>
      </div>
    </div>
  );
}
