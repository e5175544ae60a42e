"use client";

import { useTranslations } from "next-intl";
import { Lightbulb, X } from "lucide-react";
import { SUGGESTIONS_SHOWN_DESKTOP, SUGGESTIONS_SHOWN_MOBILE } from "@/lib/constants";

/** 您可能想問: up to 4 questions (2 on a phone); clicking one sends it. */
export function SuggestionsPanel({ suggestions, mobile, disabled, onPick, onDismiss }: { suggestions: string[]; mobile: boolean; disabled: boolean; onPick: (q: string) => void; onDismiss: () => void }) {
  const t = useTranslations("chat");
  const shown = suggestions.slice(0, mobile ? SUGGESTIONS_SHOWN_MOBILE : SUGGESTIONS_SHOWN_DESKTOP);
  if (shown.length === 0) return null;
  return (
    <section className="rounded-xl border bg-muted/40 p-3" data-testid="suggestions" aria-label={t("suggestionsTitle")}>
      <div className="mb-2 flex items-center justify-between">
        <h2 className="flex items-center gap-1.5 text-sm font-medium">
          <Lightbulb className="size-4 text-amber-500" aria-hidden />
          {t("suggestionsTitle")}
        </h2>
        <button type="button" onClick={onDismiss} className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground" aria-label={t("dismiss")} data-testid="suggestions-dismiss">
          <X className="size-4" />
        </button>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map((q) => (
          <li key={q}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(q)}
              className="w-full rounded-lg border bg-background px-3 py-2 text-left text-sm transition-colors hover:border-primary hover:bg-primary/5 disabled:opacity-50"
              data-testid="suggestion"
            >
              {q}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
