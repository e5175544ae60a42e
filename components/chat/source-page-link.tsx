"use client";

import { useTranslations } from "next-intl";
import { ExternalLink } from "lucide-react";
import { webPageHref } from "@/lib/web-page-link";

/** Under a quoted passage of a web page: the page itself, opened in a new tab. */
export function SourcePageLink({ url }: { url: string | undefined }) {
  const t = useTranslations("webPages");
  const href = webPageHref(url);
  if (!href) return null;
  const shown = href.replace(/^https?:\/\//, "");
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="mb-2 flex w-fit max-w-full items-center gap-1 text-xs font-medium text-primary underline-offset-2 hover:underline"
      aria-label={t("openPageLabel", { url: shown })}
      data-testid="source-page-link"
    >
      <ExternalLink className="size-3 shrink-0" aria-hidden />
      <span className="truncate">{t("openPage")} · {shown}</span>
    </a>
  );
}
