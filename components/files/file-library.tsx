"use client";

import { useMemo, useState } from "react";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { FolderOpen, Trash2 } from "lucide-react";
import { apiFetch } from "@/lib/fetcher";
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
import { DocumentList } from "./document-list";
import type { LibraryDocument } from "./types";
import { DOCUMENTS_KEY, USAGE_KEY } from "./document-keys";
import { useDocuments, useUploadUsage } from "./use-documents";
import { useUploads } from "./use-uploads";
import { UploadZone } from "./upload-zone";

type PendingDelete = { kind: "one"; doc: LibraryDocument } | { kind: "many"; ids: string[] } | null;

interface BulkResult {
  results: { id: string; ok: boolean }[];
  deleted: number;
  failed: number;
}

const MB = 1024 * 1024;

export function FileLibrary() {
  const t = useTranslations("documents");
  const tCommon = useTranslations("common");
  const { mutate } = useSWRConfig();
  const { data: documents, isLoading } = useDocuments();
  const { data: usage } = useUploadUsage();
  const { uploads, uploadFiles } = useUploads(usage);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<PendingDelete>(null);
  const list = useMemo(() => documents ?? [], [documents]);
  const visibleSelection = new Set([...selected].filter((id) => list.some((d) => d.id === id)));

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
      const result = await apiFetch<BulkResult>("/api/documents/bulk-delete", { method: "POST", json: { ids } });
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
    <section aria-labelledby="file-library-title" className="grid gap-4" data-testid="file-library">
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

      {visibleSelection.size > 0 ? (
        <div className="flex items-center justify-between rounded-lg border bg-muted/40 px-4 py-2" data-testid="bulk-bar">
          <span className="text-sm">{t("selected", { count: visibleSelection.size })}</span>
          <Button variant="destructive" size="sm" onClick={() => setPending({ kind: "many", ids: [...visibleSelection] })} data-testid="bulk-delete">
            <Trash2 />
            {t("bulkDelete")}
          </Button>
        </div>
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
      ) : (
        <DocumentList
          documents={list}
          selected={visibleSelection}
          onToggle={(id) =>
            setSelected((s) => {
              const next = new Set(s);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
          onToggleAll={() => setSelected(visibleSelection.size === list.length ? new Set() : new Set(list.map((d) => d.id)))}
          onDelete={(doc) => setPending({ kind: "one", doc })}
        />
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
