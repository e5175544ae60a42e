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
      {/* A grid rather than a wrapping row, so the header is as tall with its controls as without
          them (the server's first view has none yet, shared-first-view.tsx): on a phone the badges
          take a row of their own under the name and the controls, whose height the first row keeps
          free; from sm up, the icon and the controls stand beside the name and the badges. */}
      <div className="mx-auto grid min-h-14 max-w-4xl grid-cols-[auto_minmax(0,1fr)_auto] grid-rows-[minmax(2.25rem,auto)_auto] items-center gap-x-2 gap-y-1 px-3 py-2 sm:grid-rows-[auto_auto] sm:gap-y-0.5 sm:px-4">
        <Bot className="col-start-1 row-start-1 size-5 shrink-0 text-primary sm:row-span-2" aria-hidden />
        <h1 className="col-start-2 row-start-1 truncate font-semibold leading-tight sm:self-end" data-testid="shared-title">
          {name || tApp("name")}
        </h1>
        <ul className="col-span-3 col-start-1 row-start-2 flex flex-wrap gap-1 sm:col-span-1 sm:col-start-2 sm:self-start" aria-label={t("badgesLabel")} data-testid="shared-badges">
          <li className="flex">
            <Badge variant="secondary" className="gap-1 px-1.5 py-0 text-[11px] font-normal">
              <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
              {t("badgeOnline")}
            </Badge>
          </li>
          <li className="flex">
            <Badge variant="secondary" className="px-1.5 py-0 text-[11px] font-normal">
              {t("badgeInstant")}
            </Badge>
          </li>
          <li className="flex">
            <Badge variant="secondary" className="px-1.5 py-0 text-[11px] font-normal">
              {t("badgeSmart")}
            </Badge>
          </li>
        </ul>
        <div className="col-start-3 row-start-1 sm:row-span-2">{children}</div>
      </div>
    </header>
  );
}
