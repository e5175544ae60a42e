"use client";

import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { TOAST_LONG_MS } from "@/lib/constants";
import {
  checksExhausted,
  failedCheckDelay,
  processingCheckDelay,
  progressEstimate,
  showsProgress,
} from "@/lib/document-polling";
import { DOCUMENTS_KEY } from "./document-keys";
import { fetchDocuments } from "./use-documents";

/** The one toast of an upload: 上傳成功 while it is processed, then the outcome in its place. */
export const processingToastId = (documentId: string) => `processing-${documentId}`;

/**
 * After an upload, checks the document list for that file on its schedule (docs/rules/documents.md#following-an-upload)
 * and turns the upload's toast into the outcome: processed, failed, or taking longer (with the
 * progress estimate on the way). The checks go on when the library closes (the chat tab opened):
 * the reader learns there when the document can be asked about, and the toast always ends.
 */
export function useProcessingWatch() {
  const t = useTranslations("documents");
  const tReasons = useTranslations("documents.reasons");
  const { mutate } = useSWRConfig();

  return useCallback(
    (documentId: string, name: string) => {
      let attempt = 0;
      let failures = 0;
      const id = processingToastId(documentId);
      const schedule = (delay: number) => setTimeout(() => void check(), delay);
      const slow = () => toast.info(t("processingSlow"), { description: t("processingSlowDescription", { name }), id });
      const check = async () => {
        attempt++;
        let doc;
        try {
          const list = await fetchDocuments();
          await mutate(DOCUMENTS_KEY, list, { revalidate: false });
          doc = list.find((d) => d.id === documentId);
          failures = 0;
        } catch {
          failures++;
          if (checksExhausted(attempt)) return slow();
          schedule(failedCheckDelay(failures));
          return;
        }
        // Deleted meanwhile, or the reader signed out: there is no outcome to wait for.
        if (!doc) return toast.dismiss(id);
        if (doc.status === "processed") {
          toast.success(t("processed"), { description: t("processedDescription", { name }), id });
          return;
        }
        if (doc.status === "error") {
          const reason = doc.errorReason && tReasons.has(doc.errorReason as never) ? tReasons(doc.errorReason as never) : tReasons("malformed");
          toast.error(t("processingFailed"), { description: `${name}: ${reason}`, id, duration: TOAST_LONG_MS });
          return;
        }
        if (checksExhausted(attempt)) return slow();
        if (showsProgress(attempt)) {
          toast.loading(t("uploadSuccess"), { description: t("processingProgress", { name, percent: progressEstimate(attempt) }), id });
        }
        schedule(processingCheckDelay(attempt + 1));
      };
      schedule(processingCheckDelay(1));
    },
    [mutate, t, tReasons],
  );
}
