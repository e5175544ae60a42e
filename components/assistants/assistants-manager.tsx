"use client";

import { useDeferredValue, useState } from "react";
import { useTranslations } from "next-intl";
import { Plus, Search } from "lucide-react";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ASSISTANTS_PER_OWNER_MAX } from "@/lib/constants";
import { matchesName } from "@/lib/file-library/filter-documents";
import { AssistantCard } from "./assistant-card";
import { AssistantEditorDialog } from "./assistant-editor-dialog";
import { useAssistants } from "./use-assistants";

// Above this many, a search box narrows the cards by name.
const SEARCH_FROM = 6;

/** The workspace's assistants tab: each of the owner's assistants as a card, and a new one. */
export function AssistantsManager() {
  const t = useTranslations("assistants");
  const { data: assistants, error, isLoading, mutate } = useAssistants({ fresh: true });
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState("");
  const search = useDeferredValue(query);
  const shown = (assistants ?? []).filter((a) => matchesName(a.name, search));
  const full = (assistants?.length ?? 0) >= ASSISTANTS_PER_OWNER_MAX;

  return (
    <section aria-labelledby="assistants-title" className="flex flex-col gap-4" data-testid="assistants-manager">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="assistants-title" className="text-xl font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>
        {assistants ? (
          <AssistantEditorDialog
            open={creating}
            onOpenChange={setCreating}
            trigger={
              // Past the cap the server refuses with its reason; the button says it first.
              <Button disabled={full} title={full ? t("limitReached", { max: ASSISTANTS_PER_OWNER_MAX }) : undefined} data-testid="create-assistant">
                <Plus />
                {t("new")}
              </Button>
            }
          />
        ) : null}
      </div>

      {isLoading && !assistants ? (
        <DataLoading />
      ) : error && !assistants ? (
        <DataLoadError message={t("listFailed")} onRetry={() => void mutate()} testId="assistants-error" />
      ) : (
        <>
          {(assistants?.length ?? 0) > SEARCH_FROM ? (
            <div className="relative max-w-sm">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t("search")} aria-label={t("search")} className="pl-8" data-testid="assistants-search" />
            </div>
          ) : null}
          {shown.length === 0 ? (
            <p className="rounded-xl border bg-card px-6 py-8 text-center text-sm text-muted-foreground" data-testid="assistants-no-match">
              {t("noMatch")}
            </p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2" aria-labelledby="assistants-title" data-testid="assistant-list">
              {shown.map((assistant) => (
                <AssistantCard key={assistant.id} assistant={assistant} onlyOne={assistants?.length === 1} />
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground" data-testid="assistants-total">
            {t("total", { count: assistants?.length ?? 0, max: ASSISTANTS_PER_OWNER_MAX })}
          </p>
        </>
      )}
    </section>
  );
}
