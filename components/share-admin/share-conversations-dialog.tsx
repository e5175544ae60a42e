"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Download, Info, MessagesSquare, Search, X } from "lucide-react";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { Pagination } from "@/components/layout/pagination";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { ShareConversationList } from "./share-conversation-list";
import { ShareConversationView } from "./share-conversation-view";
import type { OwnerShare } from "@/lib/server/present/api-types";
import { conversationExportUrl, useShareConversations } from "./use-share-conversations";

const SEARCH_DEBOUNCE_MS = 300;

function ConversationsBrowser({ share }: { share: OwnerShare }) {
  const t = useTranslations("shareConversations");
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useShareConversations(share, search, page);

  useEffect(() => {
    const timer = setTimeout(() => apply(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  function apply(text: string) {
    const next = text.trim();
    if (next === search) return;
    setSearch(next);
    setPage(0);
    setSelected(null);
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <form
          role="search"
          className="relative min-w-0 flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            apply(typed);
          }}
        >
          <label htmlFor="conversation-search" className="sr-only">
            {t("search")}
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="conversation-search"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t("searchPlaceholder")}
            className="pr-9 pl-8"
            data-testid="conversation-search"
          />
          {typed ? (
            <button
              type="button"
              onClick={() => {
                setTyped("");
                apply("");
              }}
              className="absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 place-items-center rounded-md text-muted-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={t("clearSearch")}
            >
              <X className="size-4" aria-hidden />
            </button>
          ) : null}
        </form>
        <div className="flex gap-2">
          {(["csv", "jsonl"] as const).map((format) => (
            <Button key={format} variant="outline" size="sm" asChild className="flex-1 sm:flex-none">
              <a href={conversationExportUrl(share, format, search)} download data-testid={`conversation-export-${format}`}>
                <Download />
                {format === "csv" ? t("exportCsv") : t("exportJsonl")}
                {/* What is downloaded: everything, or what the search found. */}
                <span className="sr-only">{search ? t("exportScopeFound", { q: search }) : t("exportScopeAll")}</span>
              </a>
            </Button>
          ))}
        </div>
      </div>

      {data?.publicMode ? (
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground" role="note" data-testid="conversation-public-note">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden />
          {t("publicModeNote")}
        </p>
      ) : null}

      <div className="grid min-h-0 flex-1 gap-4 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className={cn("min-h-0 flex-col gap-3 overflow-y-auto md:flex md:pr-1", selected ? "hidden" : "flex")} data-testid="conversation-list-pane">
          {!data && isLoading ? (
            <DataLoading />
          ) : !data && error ? (
            <DataLoadError message={t("loadFailed")} onRetry={() => void mutate()} testId="conversations-error" />
          ) : data && data.total === 0 ? (
            <div className="rounded-lg border border-dashed px-4 py-10 text-center" data-testid="conversations-empty">
              <MessagesSquare className="mx-auto mb-2 size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">{search ? t("noResults", { q: search }) : t("empty")}</p>
              {search ? null : <p className="mt-1 text-sm text-muted-foreground">{t("emptyBody")}</p>}
            </div>
          ) : data ? (
            <>
              <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="conversations-total">
                {search ? t("found", { total: data.total }) : t("total", { total: data.total })}
              </p>
              <ShareConversationList conversations={data.conversations} selected={selected} search={search} onSelect={setSelected} />
              <Pagination
                page={page}
                pages={pages}
                onPage={(next) => {
                  setPage(next);
                  setSelected(null);
                }}
                label={t("pages")}
                position={t("position", { page: page + 1, pages })}
                testId="conversation-pages"
              />
            </>
          ) : null}
        </div>
        <div className={cn("min-h-0 overflow-y-auto md:block md:border-l md:pl-4", selected ? "block" : "hidden")}>
          {selected ? (
            <ShareConversationView share={share} id={selected} search={search} onBack={() => setSelected(null)} />
          ) : (
            <p className="grid h-full place-items-center text-sm text-muted-foreground">{t("select")}</p>
          )}
        </div>
      </div>
    </>
  );
}

/** The conversations button of one share and its dialog: list, search, read, download. */
export function ShareConversationsDialog({ share }: { share: OwnerShare }) {
  const t = useTranslations("shareConversations");
  const tCommon = useTranslations("common");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("openLabel", { name: share.name })} data-testid="share-conversations">
          <MessagesSquare />
          {t("open")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} className="flex h-[90dvh] w-[calc(100%-1rem)] max-w-5xl flex-col gap-3 p-4 sm:p-6" data-testid="share-conversations-dialog">
        <div className="grid gap-1.5 pr-6">
          <DialogTitle className="leading-snug">{t("title", { name: share.name })}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </div>
        <ConversationsBrowser share={share} />
      </DialogContent>
    </Dialog>
  );
}
