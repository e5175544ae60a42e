"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Upload } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import type { UploadProgress } from "./use-uploads";

const ACCEPT = ".pdf,.docx,.txt,.md,.markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown";

export function UploadZone({
  uploads,
  maxFileMb,
  onFiles,
}: {
  uploads: UploadProgress[];
  maxFileMb: number | undefined;
  onFiles: (files: File[]) => void;
}) {
  const t = useTranslations("documents");
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const busy = uploads.length > 0;

  return (
    <div
      data-testid="upload-zone"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        if (e.dataTransfer.files.length > 0) onFiles([...e.dataTransfer.files]);
      }}
      className={cn(
        "rounded-xl border-2 border-dashed p-6 text-center transition-colors",
        dragging ? "border-primary bg-primary/5" : "border-border",
      )}
    >
      <Upload className="mx-auto mb-2 size-8 text-muted-foreground" aria-hidden />
      <p className="text-sm font-medium">{dragging ? t("dropActive") : t("dropHere")}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        {t("accepted")}
        {maxFileMb ? ` · ${t("limitHint", { size: maxFileMb })}` : ""}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        data-testid="upload-input"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button className="mt-4" onClick={() => input.current?.click()} disabled={busy} data-testid="upload-button">
        <Upload />
        {t("upload")}
      </Button>
      {uploads.length > 0 ? (
        <ul className="mx-auto mt-4 grid max-w-md gap-2 text-left" aria-live="polite">
          {uploads.map((u) => (
            <li key={u.key} data-testid="upload-progress">
              <div className="flex justify-between gap-2 text-xs">
                <span className="truncate">{u.name}</span>
                <span className="shrink-0 tabular-nums">{t("uploading", { percent: u.percent })}</span>
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
