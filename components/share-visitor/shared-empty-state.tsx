"use client";

import { useTranslations } from "next-intl";
import { SHARED_LAYOUT } from "./shared-layout";

/**
 * The empty chat of a shared assistant: who it is and how to start. Not the workspace's feature
 * cards and guide, which are about uploading documents: a visitor cannot, and has no need to.
 * "Pick one under You might ask" only while that panel is there to pick from.
 */
export function SharedEmptyState({ name, suggestionsShown }: { name: string; suggestionsShown: boolean }) {
  const t = useTranslations("shared");
  return (
    <div className={SHARED_LAYOUT.emptyState} data-testid="shared-empty">
      <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("emptyTitle", { name })}</h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("emptyIntro")}</p>
      <p className="mt-6 text-sm text-muted-foreground">{t(suggestionsShown ? "emptyHint" : "emptyHintNoSuggestions")}</p>
    </div>
  );
}
