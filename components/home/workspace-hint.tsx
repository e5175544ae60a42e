"use client";

import { useEffect } from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { DOCUMENT_LIST_REFRESH_MS } from "@/lib/constants";
import { countStatuses, documentsState, type DocumentsState } from "@/lib/documents-state";
import { DOCUMENTS_KEY } from "@/components/files/document-keys";
import { fetchDocuments } from "@/components/files/use-documents";
import type { LibraryDocument } from "@/components/files/types";

/**
 * The empty chat's hint, as the documents stand: upload first, wait for processing, ask away, or
 * look at what failed. `initial` is the server's count; after that the file library's list (the
 * same data key) decides, and while something is processing the hint asks for the list itself,
 * as the library does, so it turns to "ask away" without the library open.
 */
export function WorkspaceHint({ initial }: { initial: DocumentsState }) {
  const t = useTranslations("home");
  const { data, mutate } = useSWR<LibraryDocument[]>(DOCUMENTS_KEY, fetchDocuments, { revalidateOnMount: false });
  const state = data ? documentsState(countStatuses(data)) : initial;
  useEffect(() => {
    if (state !== "processing") return;
    const timer = setInterval(() => void mutate(), DOCUMENT_LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [state, mutate]);
  return (
    <p className="text-sm text-muted-foreground" data-testid="workspace-hint" data-state={state}>
      {t(`hints.${state}`)}
    </p>
  );
}
