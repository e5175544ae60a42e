"use client";

import { useMemo, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { FolderOpen, SearchX } from "lucide-react";
import { useAssistants } from "@/components/assistants/use-assistants";
import { useCollections } from "@/components/assistants/use-collections";
import { Pagination } from "@/components/layout/pagination";
import { LIBRARY_PAGE_SIZE } from "@/lib/constants";
import { apiFetch } from "@/lib/fetcher";
import { NO_FILTERS, filterDocuments, pageOf, type LibraryFilters } from "@/lib/file-library/filter-documents";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { CollectionsDialog } from "./collections-dialog";
import { DocumentList } from "./document-list";
import { LibraryBulkBar } from "./library-bulk-bar";
import { LibraryToolbar } from "./library-toolbar";
import type { BulkDeleteResult } from "@/lib/server/present/api-types";
import type { LibraryDocument } from "./types";
import { DOCUMENTS_KEY, USAGE_KEY } from "./document-keys";
import { useDocuments, useUploadUsage } from "./use-documents";
import { useUploads } from "./use-uploads";
import { UploadZone } from "./upload-zone";
import { AddWebPage } from "./add-web-page";

type PendingDelete = { kind: "one"; doc: LibraryDocument } | { kind: "many"; ids: string[] } | null;

const MB = 1024 * 1024;

/**
 * The owner's documents: upload, then find them (search by name, filters by assistant, collection
 * and status, 50 a page so a thousand stay quick), see what uses each, and act on a selection
 * (add to or remove from an assistant or a collection, delete). The selection holds across pages
 * and ends when the filters change, so an action never reaches documents no longer in view.
 */
export function FileLibrary() {
  const t = useTranslations("documents");
  const tLibrary = useTranslations("library");
  const tCommon = useTranslations("common");
  const format = useFormatter();
  const { mutate } = useSWRConfig();
  const { data: documents, isLoading } = useDocuments();
  const { data: usage } = useUploadUsage();
  const { uploads, uploadFiles } = useUploads(usage);
  const { data: assistantList } = useAssistants({ fresh: true });
  const { data: collectionList } = useCollections();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<PendingDelete>(null);
  const [filters, setFilters] = useState<LibraryFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  const list = useMemo(() => documents ?? [], [documents]);
  const assistants = useMemo(() => assistantList ?? [], [assistantList]);
  const collections = useMemo(() => collectionList ?? [], [collectionList]);
  const matching = useMemo(() => filterDocuments(list, filters), [list, filters]);
  const view = pageOf(matching, page, LIBRARY_PAGE_SIZE);
  const selectedDocuments = list.filter((d) => selected.has(d.id));
  const visibleSelection = new Set(selectedDocuments.map((d) => d.id));
  const pageSelected = view.items.length > 0 && view.items.every((d) => visibleSelection.has(d.id));
  // Those answering from every document are said once above the list rather than on every row.
  const allDocuments = assistants.filter((a) => a.knowledge.all);
  const assistantNames = useMemo(() => new Map(assistants.filter((a) => !a.knowledge.all).map((a) => [a.id, a.name])), [assistants]);
  const collectionNames = useMemo(() => new Map(collections.map((c) => [c.id, c.name])), [collections]);

  const changeFilters = (next: LibraryFilters) => {
    setFilters(next);
    setPage(0);
    setSelected(new Set());
  };

  async function deleteOne(doc: LibraryDocument) {
    try {
      await apiFetch(`/api/documents/${encodeURIComponent(doc.id)}`, { method: "DELETE" });
      toast.success(t("deleteSuccess"));
      setSelected((s) => new Set([...s].filter((id) => id !== doc.id)));
    } catch {
      toast.error(t("deleteFailed"), { description: t("deleteFailedDescription") });
    }
    await mutate(DOCUMENTS_KEY);
  }

  async function deleteMany(ids: string[]) {
    try {
      const result = await apiFetch<BulkDeleteResult>("/api/documents/bulk-delete", { method: "POST", json: { ids } });
      if (result.failed === 0) toast.success(t("deleteSuccess"), { description: t("bulkDeleteSuccess", { count: result.deleted }) });
      else if (result.deleted > 0) toast.warning(t("partialDelete"), { description: t("partialDeleteDescription", { deleted: result.deleted, failed: result.failed }) });
      else toast.error(t("bulkDeleteFailed"));
      setSelected(new Set());
    } catch {
      toast.error(t("bulkDeleteFailed"));
    }
    await mutate(DOCUMENTS_KEY);
  }

  const usageText = usage
    ? usage.monthlyLimit === null
      ? t("usageUnlimited", { used: usage.uploads })
      : t("usage", { used: usage.uploads, limit: usage.monthlyLimit })
    : null;

  return (
    // One column no wider than the screen: an auto column grows to the widest row's content (a long
    // file name), and the whole library would then be wider than a phone.
    <section aria-labelledby="file-library-title" className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="file-library">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="file-library-title" className="text-xl font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>
        {usageText ? (
          <p className="text-sm text-muted-foreground" data-testid="upload-usage">
            {usageText}
          </p>
        ) : null}
      </div>

      <UploadZone
        uploads={uploads}
        maxFileMb={usage ? usage.maxFileBytes / MB : undefined}
        monthlyLimitReached={usage && usage.monthlyLimit !== null && usage.uploads >= usage.monthlyLimit ? usage.monthlyLimit : null}
        onFiles={(files) => void uploadFiles(files)}
      />
      <AddWebPage disabled={Boolean(usage && usage.monthlyLimit !== null && usage.uploads >= usage.monthlyLimit)} />

      {list.length > 0 ? (
        <LibraryToolbar
          filters={filters}
          onChange={changeFilters}
          assistants={assistants}
          collections={collections}
          matching={matching.length}
          total={list.length}
          actions={<CollectionsDialog collections={collections} />}
        />
      ) : null}

      {visibleSelection.size > 0 ? (
        <LibraryBulkBar
          selected={selectedDocuments}
          assistants={assistants}
          collections={collections}
          matchingCount={pageSelected && matching.length > visibleSelection.size ? matching.length : null}
          onSelectMatching={() => setSelected(new Set(matching.map((d) => d.id)))}
          onClear={() => setSelected(new Set())}
          onDelete={() => setPending({ kind: "many", ids: [...visibleSelection] })}
        />
      ) : null}

      {allDocuments.length > 0 && list.length > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="all-documents-note">
          {tLibrary("allDocumentsNote", { names: format.list(allDocuments.map((a) => tLibrary("quoted", { name: a.name }))) })}
        </p>
      ) : null}

      {isLoading && !documents ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-xl border bg-card px-6 py-10 text-center" data-testid="documents-empty">
          <FolderOpen className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t("emptyTitle")}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("emptyBody")}</p>
        </div>
      ) : matching.length === 0 ? (
        <div className="rounded-xl border bg-card px-6 py-10 text-center" data-testid="documents-no-match">
          <SearchX className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{tLibrary("noMatch")}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => changeFilters(NO_FILTERS)}>
            {tLibrary("clearFilters")}
          </Button>
        </div>
      ) : (
        <div ref={top} className="scroll-mt-20">
          <DocumentList
            documents={view.items}
            assistantNames={assistantNames}
            collectionNames={collectionNames}
            selected={visibleSelection}
            onToggle={(id) =>
              setSelected((s) => {
                const next = new Set(s);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
            onToggleAll={() =>
              setSelected((s) => {
                const next = new Set(s);
                for (const d of view.items) {
                  if (pageSelected) next.delete(d.id);
                  else next.add(d.id);
                }
                return next;
              })
            }
            onDelete={(doc) => setPending({ kind: "one", doc })}
          />
          <Pagination
            page={view.page}
            pages={view.pages}
            onPage={(next) => {
              setPage(next);
              // The next page starts at the list's top, not where the buttons were.
              top.current?.scrollIntoView({ block: "start" });
            }}
            label={tLibrary("pages")}
            position={tLibrary("pageOf", { page: view.page + 1, pages: view.pages })}
            testId="library-pagination"
          />
        </div>
      )}

      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>{t("confirmDeleteTitle")}</AlertDialogTitle>
          <AlertDialogDescription>
            {pending?.kind === "one"
              ? t("confirmDeleteBody", { name: pending.doc.originalName })
              : pending?.kind === "many"
                ? t("confirmBulkDeleteBody", { count: pending.ids.length })
                : null}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{tCommon("cancel")}</AlertDialogCancel>
            <AlertDialogAction
              data-testid="confirm-delete-document"
              onClick={() => {
                const action = pending;
                setPending(null);
                if (action?.kind === "one") void deleteOne(action.doc);
                if (action?.kind === "many") void deleteMany(action.ids);
                void mutate(USAGE_KEY);
              }}
            >
              {tCommon("delete")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
