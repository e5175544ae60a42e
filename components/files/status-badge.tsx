"use client";

import { useTranslations } from "next-intl";
import { AlertCircle, CheckCircle2, Loader2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { DocumentStatus } from "./types";

export function StatusBadge({ status }: { status: DocumentStatus }) {
  const t = useTranslations("documents.statuses");
  if (status === "processed") {
    return (
      <Badge variant="success" data-status={status}>
        <CheckCircle2 aria-hidden />
        {t("processed")}
      </Badge>
    );
  }
  if (status === "error") {
    return (
      <Badge variant="destructive" data-status={status}>
        <AlertCircle aria-hidden />
        {t("error")}
      </Badge>
    );
  }
  return (
    <Badge variant="secondary" data-status={status}>
      <Loader2 className="animate-spin" aria-hidden />
      {t("processing")}
    </Badge>
  );
}
