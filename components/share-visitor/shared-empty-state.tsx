"use client";

import { useTranslations } from "next-intl";
import { GuideButton } from "@/components/home/guide-button";
import { SHARED_LAYOUT } from "./shared-layout";
import { SharedWelcome } from "./shared-welcome";

/** The empty chat of a shared assistant: who it is, the three feature cards, the guide and a hint. */
export function SharedEmptyState({ name, featureCards }: { name: string; featureCards: React.ReactNode }) {
  const t = useTranslations("shared");
  return (
    <div className={SHARED_LAYOUT.emptyState} data-testid="shared-empty">
      <SharedWelcome name={name} featureCards={featureCards} />
      <div className="mt-6 flex flex-col items-center gap-3">
        <GuideButton />
        <p className="text-sm text-muted-foreground">{t("emptyHint")}</p>
      </div>
    </div>
  );
}
