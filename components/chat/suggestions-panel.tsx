"use client";

import { useEffect, useId, useState } from "react";
import { useTranslations } from "next-intl";
import { ChevronDown, Lightbulb, X } from "lucide-react";
import { localStore } from "@/lib/browser-storage";
import { SUGGESTIONS_SHOWN_DESKTOP, SUGGESTIONS_SHOWN_MOBILE } from "@/lib/constants";
import { cn } from "@/lib/utils";

// A reader who folds the panel away (on a phone it takes room from the conversation) keeps it folded.
const COLLAPSED_KEY = "suggestionsCollapsed";

/** 您可能想問: up to 4 questions (2 on a phone); clicking one sends it. Folds to its title row. */
export function SuggestionsPanel({ suggestions, mobile, disabled, onPick, onDismiss }: { suggestions: string[]; mobile: boolean; disabled: boolean; onPick: (q: string) => void; onDismiss: () => void }) {
  const t = useTranslations("chat");
  const listId = useId();
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => setCollapsed(localStore().getItem(COLLAPSED_KEY) === "1"), []);
  const shown = suggestions.slice(0, mobile ? SUGGESTIONS_SHOWN_MOBILE : SUGGESTIONS_SHOWN_DESKTOP);
  if (shown.length === 0) return null;

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    localStore().setItem(COLLAPSED_KEY, next ? "1" : "0");
  };
  return (
    <section className={cn("rounded-xl border bg-muted/40 px-3", collapsed ? "py-1" : "py-2")} data-testid="suggestions" data-collapsed={collapsed || undefined} aria-label={t("suggestionsTitle")}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium">
          <button
            type="button"
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-controls={listId}
            className="flex items-center gap-1.5 rounded py-1 pr-1 hover:text-primary"
            title={collapsed ? t("suggestionsExpand") : t("suggestionsCollapse")}
            data-testid="suggestions-toggle"
          >
            <Lightbulb className="size-4 text-amber-500" aria-hidden />
            {t("suggestionsTitle")}
            <ChevronDown className={cn("size-4 text-muted-foreground transition-transform", collapsed && "-rotate-90")} aria-hidden />
          </button>
        </h2>
        <button type="button" onClick={onDismiss} className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground" aria-label={t("dismiss")} title={t("dismiss")} data-testid="suggestions-dismiss">
          <X className="size-4" />
        </button>
      </div>
      <ul id={listId} className={cn("mt-1 grid gap-2 sm:grid-cols-2", collapsed && "hidden")}>
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
