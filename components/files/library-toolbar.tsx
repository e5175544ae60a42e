"use client";

import { useTranslations } from "next-intl";
import { Search } from "lucide-react";
import type { PublicAssistant, PublicCollection } from "@/lib/server/present/api-types";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { NO_COLLECTION, isFiltered, type LibraryFilters, type StatusFilter } from "@/lib/file-library/filter-documents";

const STATUSES: StatusFilter[] = ["all", "processed", "processing", "error"];

/**
 * Search by name and the three filters (the assistant that answers from a document, its
 * collection, its status), with how many documents they leave. Native selects: a phone shows its
 * own picker, the keyboard works as everywhere.
 */
export function LibraryToolbar({
  filters,
  onChange,
  assistants,
  collections,
  matching,
  total,
  actions,
}: {
  filters: LibraryFilters;
  onChange: (next: LibraryFilters) => void;
  assistants: PublicAssistant[];
  collections: PublicCollection[];
  matching: number;
  total: number;
  /** Beside the search box: the collections' own button. */
  actions?: React.ReactNode;
}) {
  const t = useTranslations("library");
  const tStatus = useTranslations("documents.statuses");
  const set = <K extends keyof LibraryFilters>(key: K, value: LibraryFilters[K]) => onChange({ ...filters, [key]: value });
  const filtered = isFiltered(filters);

  return (
    <div className="grid gap-2" role="search" aria-label={t("searchRegion")} data-testid="library-toolbar">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input type="search" value={filters.query} onChange={(e) => set("query", e.target.value)} placeholder={t("search")} aria-label={t("search")} className="pl-8" data-testid="library-search" />
        </div>
        {actions}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:max-w-2xl">
        <NativeSelect value={filters.assistantId} onChange={(e) => set("assistantId", e.target.value)} aria-label={t("filterAssistant")} className="pr-7 pl-2 text-xs sm:text-sm" data-testid="filter-assistant">
          <option value="">{t("anyAssistant")}</option>
          {assistants.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect value={filters.collectionId} onChange={(e) => set("collectionId", e.target.value)} aria-label={t("filterCollection")} className="pr-7 pl-2 text-xs sm:text-sm" data-testid="filter-collection">
          <option value="">{t("anyCollection")}</option>
          <option value={NO_COLLECTION}>{t("noCollection")}</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect value={filters.status} onChange={(e) => set("status", e.target.value as StatusFilter)} aria-label={t("filterStatus")} className="pr-7 pl-2 text-xs sm:text-sm" data-testid="filter-status">
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status === "all" ? t("anyStatus") : tStatus(status)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-h-8 flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
        <p aria-live="polite" data-testid="library-count">
          {filtered ? t("matching", { matching, total }) : t("total", { total })}
        </p>
        {filtered ? (
          <Button variant="link" size="sm" className="h-8 px-0 text-xs" onClick={() => onChange({ query: "", assistantId: "", collectionId: "", status: "all" })} data-testid="clear-filters">
            {t("clearFilters")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
