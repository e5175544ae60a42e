"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { ExternalLink, RefreshCw } from "lucide-react";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import type { WebPageRefreshed } from "@/lib/server/present/api-types";
import { webPageHref } from "@/lib/web-page-link";
import { Button } from "@/components/ui/button";
import type { LibraryDocument } from "./types";
import { DOCUMENTS_KEY } from "./document-keys";
import { processingToastId, useProcessingWatch } from "./use-processing-watch";

/** A web-page document's address (opening the page in a new tab) and when its copy was fetched. */
export function WebPageSource({ doc }: { doc: LibraryDocument }) {
  const t = useTranslations("webPages");
  const format = useFormatter();
  const href = webPageHref(doc.sourceUrl);
  if (!href) return null;
  const shown = href.replace(/^https?:\/\//, "");
  return (
    <div className="mt-1 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground" data-testid="web-page-source">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="inline-flex min-w-0 max-w-full items-center gap-1 text-primary underline-offset-2 hover:underline"
        aria-label={t("openPageLabel", { url: shown })}
        data-testid="web-page-link"
      >
        <ExternalLink className="size-3 shrink-0" aria-hidden />
        <span className="truncate">{shown}</span>
      </a>
      {doc.fetchedAt ? <span>{t("fetchedAt", { time: format.dateTime(new Date(doc.fetchedAt), { dateStyle: "medium", timeStyle: "short" }) })}</span> : null}
    </div>
  );
}

/** Fetches a web-page document again (same document: its assistants and collections stay). */
export function RefreshWebPageButton({ doc }: { doc: LibraryDocument }) {
  const t = useTranslations("webPages");
  const { mutate } = useSWRConfig();
  const watch = useProcessingWatch();
  const [busy, setBusy] = useState(false);
  if (!doc.sourceUrl) return null;

  async function refresh() {
    setBusy(true);
    try {
      const result = await apiFetch<WebPageRefreshed>(`/api/documents/${encodeURIComponent(doc.id)}/refresh`, { method: "POST" });
      const next = result.document;
      if (result.unchanged) {
        toast.success(t("unchanged"), { description: t("unchangedDescription", { name: next.originalName }) });
      } else {
        toast.loading(t("refreshed"), { id: processingToastId(next.id), description: t("refreshedDescription", { name: next.originalName }) });
        watch(next.id, next.originalName);
      }
      await mutate<LibraryDocument[]>(DOCUMENTS_KEY, (list) => (list ?? []).map((d) => (d.id === next.id ? { ...d, ...next } : d)), { revalidate: false });
    } catch (failure) {
      toast.error(t("refreshFailed"), { description: errorMessage(failure, t("refreshFailed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      className="text-muted-foreground hover:text-foreground"
      onClick={() => void refresh()}
      disabled={busy || doc.status === "processing"}
      aria-label={t("refreshLabel", { name: doc.originalName })}
      title={t("refresh")}
      data-testid={`refresh-${doc.originalName}`}
    >
      <RefreshCw className={busy ? "animate-spin" : undefined} />
    </Button>
  );
}
