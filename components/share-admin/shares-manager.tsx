"use client";

import { useTranslations } from "next-intl";
import { ChevronDown, Loader2, Plus, Share2 } from "lucide-react";
import { useAssistants } from "@/components/assistants/use-assistants";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { GoogleAvailability } from "./google-availability";
import { ShareCard } from "./share-card";
import { newLinkOf, useShareLink } from "./use-share-link";
import { useShares } from "./use-shares";

/** A new link: of the owner's only assistant at once, or of the one they pick when they have several. */
function CreateShareButton() {
  const t = useTranslations("shares");
  const { create, creating } = useShareLink();
  const { data: assistants } = useAssistants();
  const choose = (assistants?.length ?? 0) > 1;
  const button = (
    <Button
      type="button"
      className="aria-disabled:cursor-wait aria-disabled:opacity-60"
      // aria-disabled rather than disabled keeps keyboard focus; a second click is ignored anyway.
      aria-disabled={creating || undefined}
      aria-haspopup={choose ? "menu" : undefined}
      onClick={choose ? undefined : () => void create(newLinkOf(assistants?.[0]?.id))}
      data-testid="create-share"
    >
      {creating ? <Loader2 className="animate-spin" /> : <Plus />}
      {creating ? t("creating") : t("create")}
      {choose ? <ChevronDown aria-hidden /> : null}
    </Button>
  );
  if (!choose) return button;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={creating}>
        {button}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" collisionPadding={8} className="max-h-[min(60dvh,24rem)] w-64 overflow-y-auto" data-testid="create-share-menu">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{t("chooseAssistant")}</DropdownMenuLabel>
        {assistants!.map((a) => (
          <DropdownMenuItem key={a.id} onSelect={() => void create(newLinkOf(a.id))} data-testid="create-share-for">
            <span className="truncate">{a.name}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The workspace's shares tab: every live link of the owner, with edit, replace and revoke. */
export function SharesManager({ googleEnabled = true }: { googleEnabled?: boolean }) {
  const t = useTranslations("shares");
  const { data: shares, error, isLoading, mutate } = useShares();
  const empty = shares !== undefined && shares.length === 0;

  return (
    <GoogleAvailability.Provider value={googleEnabled}>
      <section aria-labelledby="shares-title" className="flex flex-col gap-4" data-testid="shares-manager">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h2 id="shares-title" className="text-xl font-semibold">
              {t("title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("description")}</p>
          </div>
          {/* One button in one place, also for an empty list: it stays put, and keeps focus, when the first share appears. */}
          {shares ? <CreateShareButton /> : null}
        </div>

        {isLoading && !shares ? (
          <DataLoading />
        ) : error && !shares ? (
          <DataLoadError message={t("listError")} onRetry={() => void mutate()} testId="shares-error" />
        ) : empty ? (
          <div className="rounded-xl border bg-card px-6 py-10 text-center" data-testid="shares-empty">
            <Share2 className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
            <p className="font-medium">{t("emptyTitle")}</p>
            <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">{t("emptyBody")}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-labelledby="shares-title" data-testid="share-list">
            {(shares ?? []).map((share) => (
              <ShareCard key={share.id} share={share} />
            ))}
          </ul>
        )}
      </section>
    </GoogleAvailability.Provider>
  );
}
