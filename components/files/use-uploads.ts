"use client";

import { useCallback, useState } from "react";
import { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { ApiError } from "@/lib/fetcher";
import { UploadNetworkError, UploadTimeoutError, uploadFile } from "@/lib/upload-file";
import { uploadWhenQueueHasRoom } from "@/lib/upload-queue-wait";
import type { UploadUsage } from "@/lib/server/present/api-types";
import type { LibraryDocument } from "./types";
import { DOCUMENTS_KEY, USAGE_KEY } from "./document-keys";
import { processingToastId, useProcessingWatch } from "./use-processing-watch";

export interface UploadProgress {
  key: string;
  name: string;
  percent: number;
  /** Set while the server's processing queue is full: seconds until this file is sent again. */
  waitingSeconds?: number;
}

const MB = 1024 * 1024;

function newClientId() {
  return crypto.randomUUID().replace(/-/g, "");
}

/**
 * Uploads files one after another with progress, then follows each one's processing. With
 * `assistantId`, each file is also chosen for that assistant (one that does not answer from every document).
 */
export function useUploads(usage: UploadUsage | undefined, options: { assistantId?: string } = {}) {
  const { assistantId } = options;
  const t = useTranslations("documents");
  const tErrors = useTranslations("errors");
  const { mutate } = useSWRConfig();
  const watch = useProcessingWatch();
  const [uploads, setUploads] = useState<UploadProgress[]>([]);

  const describeFailure = useCallback(
    (error: unknown): string => {
      if (error instanceof UploadTimeoutError) return t("uploadTimeout");
      if (error instanceof UploadNetworkError) return t("uploadError");
      if (error instanceof ApiError) {
        return error.serverMessage ?? t("uploadStatusError", { status: error.status, text: String(error.message).slice(0, 120) });
      }
      return t("uploadUnknownError");
    },
    [t],
  );

  const uploadOne = useCallback(
    async (file: File) => {
      if (usage && file.size > usage.maxFileBytes) {
        toast.error(t("uploadFailed"), { description: `${file.name}: ${tErrors("file_too_large", { limit: usage.maxFileBytes / MB })}` });
        return;
      }
      const key = newClientId();
      setUploads((list) => [...list, { key, name: file.name, percent: 0 }]);
      try {
        const doc = await uploadWhenQueueHasRoom(
          () =>
            uploadFile<LibraryDocument>("/api/documents/upload", file, {
              clientId: key,
              fields: assistantId ? { assistantId } : undefined,
              onProgress: (percent) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent } : u))),
            }),
          { onWait: (seconds) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent: 0, waitingSeconds: seconds ?? undefined } : u))) },
        );
        // One toast per upload, from here to the end of its processing (use-processing-watch.ts
        // turns it into the outcome), rather than one per step stacking over the page.
        if (doc.status === "processing") {
          toast.loading(t("uploadSuccess"), { id: processingToastId(doc.id), description: t("uploadSuccessDescription", { name: doc.originalName }) });
          watch(doc.id, doc.originalName);
        } else {
          toast.success(t("uploadSuccess"), { description: t("processedDescription", { name: doc.originalName }) });
        }
        await mutate<LibraryDocument[]>(DOCUMENTS_KEY, (list) => [doc, ...(list ?? []).filter((d) => d.id !== doc.id)], { revalidate: false });
        void mutate(USAGE_KEY);
      } catch (error) {
        toast.error(error instanceof UploadTimeoutError ? t("uploadTimeout") : t("uploadFailed"), {
          description: error instanceof UploadTimeoutError ? undefined : `${file.name}: ${describeFailure(error)}`,
        });
      } finally {
        setUploads((list) => list.filter((u) => u.key !== key));
      }
    },
    [assistantId, describeFailure, mutate, t, tErrors, usage, watch],
  );

  const uploadFiles = useCallback(
    async (files: Iterable<File>) => {
      for (const file of files) await uploadOne(file);
    },
    [uploadOne],
  );

  return { uploads, uploadFiles };
}
