"use client";

import { useTranslations } from "next-intl";
import { Eye } from "lucide-react";

/** Under a share's input bar: the conversation is kept and its owner can read it. */
export function OwnerCanReadNotice() {
  const t = useTranslations("shared");
  return (
    <p className="flex items-center justify-center gap-1 px-2 pb-1 text-center text-[11px] leading-tight text-muted-foreground" data-testid="owner-can-read">
      <Eye className="size-3 shrink-0" aria-hidden />
      {t("ownerCanRead")}
    </p>
  );
}
