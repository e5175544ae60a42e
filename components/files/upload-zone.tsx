"use client";

import { useId, useRef, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Upload } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import type { UploadProgress } from "./use-uploads";

/** The kinds of file the library takes, for a file input's `accept`. */
export const UPLOAD_ACCEPT = [
  ".pdf,.docx,.txt,.md,.markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown",
  ".xlsx,.csv,.tsv,.pptx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp",
].join(",");

/**
 * Where files are chosen or dropped, with each upload's progress. `monthlyLimitReached`: the
 * plan's uploads for this month are used up (the limit given): the control is disabled, and says
 * why and when it opens again, rather than letting a file be chosen only to be refused.
 */
export function UploadZone({
  uploads,
  maxFileMb,
  monthlyLimitReached = null,
  onFiles,
}: {
  uploads: UploadProgress[];
  maxFileMb: number | undefined;
  monthlyLimitReached?: number | null;
  onFiles: (files: File[]) => void;
}) {
  const t = useTranslations("documents");
  const input = useRef<HTMLInputElement>(null);
  const reasonId = useId();
  const [dragging, setDragging] = useState(false);
  const busy = uploads.length > 0;
  const full = monthlyLimitReached !== null;

  return (
    <div
      data-testid="upload-zone"
      onDragOver={(e) => {
        if (full || !e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        if (!full && e.dataTransfer.files.length > 0) onFiles([...e.dataTransfer.files]);
      }}
      className={cn(
        "rounded-xl border-2 border-dashed p-6 text-center transition-colors",
        dragging ? "border-primary bg-primary/5" : "border-border",
        full && "bg-muted/40",
      )}
      data-limit-reached={full || undefined}
    >
      <Upload className="mx-auto mb-2 size-8 text-muted-foreground" aria-hidden />
      {full ? null : <p className="text-sm font-medium">{dragging ? t("dropActive") : t("dropHere")}</p>}
      <p className="mt-1 text-xs text-muted-foreground">
        {t("accepted")}
        {maxFileMb ? ` · ${t("limitHint", { size: maxFileMb })}` : ""}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        className="sr-only"
        data-testid="upload-input"
        tabIndex={-1}
        aria-hidden
        disabled={full}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button className="mt-4" onClick={() => input.current?.click()} disabled={busy || full} aria-describedby={full ? reasonId : undefined} data-testid="upload-button">
        <Upload />
        {t("upload")}
      </Button>
      {full ? (
        <p id={reasonId} className="mx-auto mt-3 max-w-md text-sm text-muted-foreground" data-testid="upload-limit-reached">
          {t("limitReached", { limit: monthlyLimitReached })}{" "}
          <Link href="/subscribe" className="font-medium text-primary underline-offset-2 hover:underline">
            {t("limitReachedAction")}
          </Link>
        </p>
      ) : null}
      {uploads.length > 0 ? (
        <ul className="mx-auto mt-4 grid max-w-md gap-2 text-left" aria-live="polite">
          {uploads.map((u) => (
            <li key={u.key} data-testid="upload-progress">
              <div className="flex justify-between gap-2 text-xs">
                <span className="truncate">{u.name}</span>
                <span className="shrink-0 tabular-nums">{u.waitingSeconds ? t("waitingForQueue", { seconds: u.waitingSeconds }) : t("uploading", { percent: u.percent })}</span>
              </div>
              <div
                className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={u.percent}
                aria-label={u.name}
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${u.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
