"use client";

import { useEffect, useRef } from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { DOCUMENT_LIST_REFRESH_MS } from "@/lib/constants";
import { apiFetch, listOrEmptyWhenSignedOut } from "@/lib/fetcher";
import { listRefreshDue } from "@/lib/document-polling";
import type { UploadUsage } from "@/lib/server/present/api-types";
import type { LibraryDocument } from "./types";
import { DOCUMENTS_KEY, USAGE_KEY } from "./document-keys";


export const fetchDocuments = () => listOrEmptyWhenSignedOut<LibraryDocument>(DOCUMENTS_KEY);

/** The document list; refreshed every 10 s (at least 5 s apart) while anything is processing. */
export function useDocuments() {
  const t = useTranslations("documents");
  const lastRefresh = useRef(Date.now());
  const swr = useSWR<LibraryDocument[]>(DOCUMENTS_KEY, fetchDocuments, {
    revalidateIfStale: true,
    onSuccess: () => {
      lastRefresh.current = Date.now();
    },
    onError: () => toast.error(t("listError"), { description: t("listErrorDescription"), id: "documents-list-error" }),
  });
  const anyProcessing = (swr.data ?? []).some((d) => d.status === "processing");
  const { mutate } = swr;
  useEffect(() => {
    if (!anyProcessing) return;
    const timer = setInterval(() => {
      if (listRefreshDue(true, lastRefresh.current, Date.now())) void mutate();
    }, DOCUMENT_LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [anyProcessing, mutate]);
  return swr;
}

export function useUploadUsage() {
  return useSWR<UploadUsage>(USAGE_KEY, (url: string) => apiFetch<UploadUsage>(url), { revalidateIfStale: true });
}
