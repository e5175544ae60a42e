"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Bot, FileText, FolderClosed, Trash2 } from "lucide-react";
import { PDF_MAX_PAGES } from "@/lib/constants";
import { formatBytes } from "@/lib/format-bytes";
import { Button } from "@/components/ui/button";
import { StatusBadge } from "./status-badge";
import { RefreshWebPageButton, WebPageSource } from "./web-page-source";
import type { LibraryDocument } from "./types";
import { pageUnitOf } from "@/lib/chat/page-unit";

// A workbook counts sheets and a deck slides, not pages.
const COUNT_KEY = { page: "pageCount", sheet: "sheetCount", slide: "slideCount" } as const;

interface Props {
  documents: LibraryDocument[];
  /** Names of the assistants shown per row (those answering from chosen documents; the others use every one) and of the collections. */
  assistantNames: ReadonlyMap<string, string>;
  collectionNames: ReadonlyMap<string, string>;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onDelete: (doc: LibraryDocument) => void;
}

// Chips a row shows before the rest are counted in a "+N" (named in its tooltip).
const CHIPS_SHOWN = 3;

/**
 * One list for every width: a row per document that wraps its details under the name on phones,
 * with the collections it is in and the assistants that answer from it.
 */
export function DocumentList({ documents, assistantNames, collectionNames, selected, onToggle, onToggleAll, onDelete }: Props) {
  const t = useTranslations("documents");
  const tReasons = useTranslations("documents.reasons");
  const format = useFormatter();
  const locale = useLocale();
  const allSelected = documents.length > 0 && documents.every((d) => selected.has(d.id));

  return (
    <div className="overflow-hidden rounded-xl border bg-card" data-testid="document-list">
      <div className="flex items-center gap-3 border-b bg-muted/40 px-4 py-2 text-xs text-muted-foreground">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={allSelected}
          onChange={onToggleAll}
          aria-label={t("selectAll")}
          data-testid="select-all"
        />
        <span className="flex-1">{t("name")}</span>
        <span className="hidden w-24 sm:block">{t("status")}</span>
        <span className="hidden w-20 text-right md:block">{t("size")}</span>
        <span className="hidden w-16 text-right md:block">{t("pages")}</span>
        <span className="w-9" aria-hidden />
      </div>
      <ul>
        {documents.map((doc) => (
          <li key={doc.id} className="flex items-start gap-3 border-b px-4 py-3 last:border-b-0" data-testid={`document-row-${doc.originalName}`} data-status={doc.status}>
            <input
              type="checkbox"
              className="mt-1 size-4 accent-primary"
              checked={selected.has(doc.id)}
              onChange={() => onToggle(doc.id)}
              aria-label={t("select", { name: doc.originalName })}
              data-testid={`select-${doc.originalName}`}
            />
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="truncate font-medium" title={doc.originalName}>
                  {doc.originalName}
                </span>
              </div>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                <span className="sm:hidden">
                  <StatusBadge status={doc.status} />
                </span>
                <span className="md:hidden">{formatBytes(doc.size, locale)}</span>
                {doc.pageCount ? <span className="md:hidden">{t(COUNT_KEY[pageUnitOf(doc.kind)], { count: doc.pageCount })}</span> : null}
                <span>{format.dateTime(new Date(doc.createdAt), { dateStyle: "medium", timeStyle: "short" })}</span>
              </div>
              <WebPageSource doc={doc} />
              <UsageChips
                collections={(doc.collectionIds ?? []).flatMap((id) => (collectionNames.has(id) ? [collectionNames.get(id)!] : []))}
                assistants={(doc.usedByAssistantIds ?? []).flatMap((id) => (assistantNames.has(id) ? [assistantNames.get(id)!] : []))}
              />
              {doc.status === "processing" && doc.reading ? (
                <p className="mt-1 text-xs text-muted-foreground" data-testid="document-reading" aria-live="polite">
                  {t("reading", { page: doc.reading.page, pages: doc.reading.pages })}
                </p>
              ) : null}
              {doc.status === "processed" && doc.unreadablePages?.length ? (
                <p className="mt-1 text-xs text-muted-foreground" data-testid="document-unreadable-pages">
                  {t("unreadablePages", { pages: doc.unreadablePages.join(locale.startsWith("zh") ? "、" : ", ") })}
                </p>
              ) : null}
              {doc.status === "error" ? (
                <p className="mt-1 text-xs text-destructive" data-testid="document-error-reason">
                  {doc.errorReason === "too_many_pages"
                    ? tReasons("too_many_pages", { limit: PDF_MAX_PAGES })
                    : doc.errorReason && tReasons.has(doc.errorReason as never)
                      ? tReasons(doc.errorReason as never)
                      : tReasons("malformed")}
                </p>
              ) : null}
            </div>
            <span className="hidden w-24 sm:block">
              <StatusBadge status={doc.status} />
            </span>
            <span className="hidden w-20 text-right text-sm tabular-nums md:block">{formatBytes(doc.size, locale)}</span>
            <span className="hidden w-16 text-right text-sm tabular-nums md:block" title={doc.pageCount ? t(COUNT_KEY[pageUnitOf(doc.kind)], { count: doc.pageCount }) : undefined}>
              {doc.pageCount ?? "—"}
            </span>
            <RefreshWebPageButton doc={doc} />
            <Button
              variant="ghost"
              size="icon"
              className="text-muted-foreground hover:text-destructive"
              onClick={() => onDelete(doc)}
              aria-label={t("deleteLabel", { name: doc.originalName })}
              data-testid={`delete-${doc.originalName}`}
            >
              <Trash2 />
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The collections a document is in and the assistants that answer from it, as compact chips. */
function UsageChips({ collections, assistants }: { collections: string[]; assistants: string[] }) {
  const t = useTranslations("library");
  const format = useFormatter();
  const chips = [...collections.map((name) => ({ kind: "collection" as const, name })), ...assistants.map((name) => ({ kind: "assistant" as const, name }))];
  if (chips.length === 0) return null;
  const rest = chips.slice(CHIPS_SHOWN);
  return (
    <ul className="mt-1.5 flex flex-wrap gap-1" aria-label={t("usedBy")} data-testid="document-uses">
      {chips.slice(0, CHIPS_SHOWN).map((chip) => (
        <li
          key={`${chip.kind}:${chip.name}`}
          className="inline-flex max-w-44 items-center gap-1 rounded-md border bg-background px-1.5 py-0.5 text-xs text-muted-foreground"
          title={chip.kind === "collection" ? t("inCollection", { name: chip.name }) : t("usedByAssistant", { name: chip.name })}
          data-testid={chip.kind === "collection" ? "document-collection" : "document-assistant"}
        >
          {chip.kind === "collection" ? <FolderClosed className="size-3 shrink-0" aria-hidden /> : <Bot className="size-3 shrink-0" aria-hidden />}
          <span className="sr-only">{chip.kind === "collection" ? t("collectionChip") : t("assistantChip")}</span>
          <span className="truncate">{chip.name}</span>
        </li>
      ))}
      {rest.length > 0 ? (
        <li className="rounded-md px-1 py-0.5 text-xs text-muted-foreground" title={format.list(rest.map((c) => c.name))}>
          {t("moreChips", { count: rest.length })}
        </li>
      ) : null}
    </ul>
  );
}
