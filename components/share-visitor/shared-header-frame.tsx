import { useTranslations } from "next-intl";
import { Bot } from "lucide-react";
import { Badge } from "@/components/ui/badge";

// No "use client": the server renders the same header for the first view (shared-first-view.tsx)
// that the chat's own header (shared-header.tsx) renders once its code has arrived.

/** The shared page's header bar: the assistant's name and badges, then `children` (the controls). */
export function SharedHeaderFrame({ name, children }: { name: string; children?: React.ReactNode }) {
  const t = useTranslations("shared");
  const tApp = useTranslations("app");
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur" data-testid="shared-header">
      <div className="mx-auto flex min-h-14 max-w-4xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 sm:px-4">
        <Bot className="size-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold leading-tight" data-testid="shared-title">
            {name || tApp("name")}
          </h1>
          <ul className="mt-0.5 flex flex-wrap gap-1" aria-label={t("badgesLabel")} data-testid="shared-badges">
            <li>
              <Badge variant="secondary" className="gap-1 px-1.5 py-0 text-[11px] font-normal">
                <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
                {t("badgeOnline")}
              </Badge>
            </li>
            <li>
              <Badge variant="secondary" className="px-1.5 py-0 text-[11px] font-normal">
                {t("badgeInstant")}
              </Badge>
            </li>
            <li>
              <Badge variant="secondary" className="px-1.5 py-0 text-[11px] font-normal">
                {t("badgeSmart")}
              </Badge>
            </li>
          </ul>
        </div>
        {children}
      </div>
    </header>
  );
}
