import { getTranslations } from "next-intl/server";
import { Bot, Home, Link2Off, SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LanguageSwitcher } from "@/components/layout/language-switcher";
import { ThemeToggle } from "@/components/layout/theme-toggle";

export type UnavailableReason = "unknown" | "malformed" | "ended";

const TEXT = {
  unknown: { title: "notFound", detail: "notFoundDetail" },
  malformed: { title: "invalidLink", detail: "notFoundDetail" },
  ended: { title: "linkEnded", detail: "linkEndedDetail" },
} as const;

/**
 * /shared/{shareId} for a link that leads nowhere, drawn by the server with the status the proxy
 * gave it (404, or 410 for a link its owner ended): what happened, in the reader's language, and a
 * way home. Nothing of a live share (no service badges, no reload: reloading cannot bring it back).
 */
export async function ShareLinkUnavailable({ reason }: { reason: UnavailableReason }) {
  const t = await getTranslations("shared");
  const tApp = await getTranslations("app");
  const Icon = reason === "ended" ? Link2Off : SearchX;
  return (
    <div className="flex min-h-dvh flex-col" data-testid="share-unavailable" data-reason={reason}>
      <header className="border-b">
        <div className="mx-auto flex min-h-14 max-w-4xl items-center gap-2 px-3 sm:px-4">
          <Bot className="size-5 shrink-0 text-primary" aria-hidden />
          <span className="min-w-0 flex-1 truncate font-semibold">{tApp("name")}</span>
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main className="grid flex-1 place-items-center p-4">
        <div className="w-full max-w-md rounded-xl border bg-card p-6 text-center text-card-foreground shadow-sm">
          <Icon className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
          <h1 className="text-lg font-semibold text-balance" data-testid="share-unavailable-title">
            {t(TEXT[reason].title)}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground" data-testid="share-unavailable-detail">
            {t(TEXT[reason].detail)}
          </p>
          <Button asChild className="mt-5">
            <a href="/" data-testid="share-unavailable-home">
              <Home aria-hidden />
              {t("backHome")}
            </a>
          </Button>
        </div>
      </main>
    </div>
  );
}
