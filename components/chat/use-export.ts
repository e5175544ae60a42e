"use client";

import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import type { ExportFormat } from "@/lib/constants";

export type { ExportFormat };

function fileNameFrom(disposition: string | null, fallback: string): string {
  const encoded = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return fallback;
    }
  }
  return fallback;
}

/** Downloads the conversation with an assistant in a format (the server writes the file), with the texts of docs/rules/export.md#texts. */
export function useExport(hasMessages: boolean, assistantId: string) {
  const t = useTranslations("chat");
  const [exporting, setExporting] = useState(false);

  const download = useCallback(
    async (format: ExportFormat) => {
      if (!hasMessages) return void toast.error(t("exportEmpty"));
      setExporting(true);
      try {
        const res = await fetch(`/api/messages/export?format=${format}&assistantId=${encodeURIComponent(assistantId)}`, { credentials: "include" });
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        const url = URL.createObjectURL(blob);
        const a = document.createElement("a");
        a.href = url;
        a.download = fileNameFrom(res.headers.get("content-disposition"), `chat.${format}`);
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        toast.success(t("exportSuccess"));
      } catch {
        toast.error(format === "docx" ? t("exportDocxFailed") : t("exportFailed"));
      } finally {
        setExporting(false);
      }
    },
    [hasMessages, assistantId, t],
  );

  const copyPageLink = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success(t("linkCopied"));
    } catch {
      toast.error(t("copyFailed"));
    }
  }, [t]);

  return { download, copyPageLink, exporting };
}
