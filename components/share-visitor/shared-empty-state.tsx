"use client";

import { useTranslations } from "next-intl";
import { FeatureCards } from "@/components/home/feature-cards";
import { GuideButton } from "@/components/home/guide-button";
import { SHARED_LAYOUT } from "./shared-layout";

/** The empty chat of a shared assistant: who it is, the three feature cards, the guide and a hint. */
export function SharedEmptyState({ name }: { name: string }) {
  const t = useTranslations("shared");
  return (
    <div className={SHARED_LAYOUT.emptyState} data-testid="shared-empty">
      <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("emptyTitle", { name })}</h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("emptyIntro")}</p>
      <div className="mt-6 text-left">
        <FeatureCards headingLevel={3} />
      </div>
      <div className="mt-6 flex flex-col items-center gap-3">
        <GuideButton />
        <p className="text-sm text-muted-foreground">{t("emptyHint")}</p>
      </div>
    </div>
  );
}
