"use client";

import { useCallback, useEffect, useRef } from "react";
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

/**
 * After an upload, checks the document list for that file on the spec's schedule (SPEC §4, §9)
 * and tells the user when it is processed, when it failed, or that it is taking longer.
 */
export function useProcessingWatch() {
  const t = useTranslations("documents");
  const tReasons = useTranslations("documents.reasons");
  const { mutate } = useSWRConfig();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return useCallback(
    (documentId: string, name: string) => {
      let attempt = 0;
      let failures = 0;
      const schedule = (delay: number) => {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          void check();
        }, delay);
        timers.current.add(timer);
      };
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
          if (checksExhausted(attempt)) return;
          schedule(failedCheckDelay(failures));
          return;
        }
        if (!doc) return;
        if (doc.status === "processed") {
          toast.success(t("processed"), { description: t("processedDescription", { name }), id: `processing-${documentId}` });
          return;
        }
        if (doc.status === "error") {
          const reason = doc.errorReason && tReasons.has(doc.errorReason as never) ? tReasons(doc.errorReason as never) : tReasons("malformed");
          toast.error(t("processingFailed"), { description: `${name}: ${reason}`, id: `processing-${documentId}`, duration: TOAST_LONG_MS });
          return;
        }
        if (checksExhausted(attempt)) {
          toast.info(t("processingSlow"), { description: t("processingSlowDescription", { name }), id: `processing-${documentId}` });
          return;
        }
        if (showsProgress(attempt)) {
          toast.loading(t("processingProgress", { name, percent: progressEstimate(attempt) }), { id: `processing-${documentId}` });
        }
        schedule(processingCheckDelay(attempt + 1));
      };
      schedule(processingCheckDelay(1));
    },
    [mutate, t, tReasons],
  );
}
