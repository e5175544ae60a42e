"use client";

import useSWR from "swr";
import { useTranslations } from "next-intl";
import { ExternalLink } from "lucide-react";
import { shortenLinkText } from "@/lib/chat/links";
import { apiFetch } from "@/lib/fetcher";
import type { LinkPreview } from "@/lib/server/present/api-types";
import { cn } from "@/lib/utils";
import { useLinkPreviewSettings } from "./use-link-preview-settings";

const fetchPreview = ([, url]: [string, string]) => apiFetch<LinkPreview>("/api/link-preview", { method: "POST", json: { url } });

/**
 * A link in a message as a preview card in the owner's chosen style; while loading, or when the
 * page gives no preview, the bare link with 點擊訪問連結. Everything shown is text or a data URL
 * the server fetched: the browser loads nothing from the linked site. Without `preview` (a shared
 * link's visitors: the previews and their style are the owner's workspace's, which a visitor may
 * not call) the bare link straight away, with nothing asked of the server.
 */
export function LinkCard({ url, preview }: { url: string; preview: boolean }) {
  return preview ? <PreviewCard url={url} /> : <BareLink url={url} loading={false} />;
}

function BareLink({ url, loading }: { url: string; loading: boolean }) {
  const t = useTranslations("chat");
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="flex items-center gap-2 rounded-lg border bg-background/60 px-3 py-2 text-xs text-primary hover:bg-accent" data-testid="link-fallback">
      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{shortenLinkText(url)}</span>
      {!loading && <span className="ml-auto shrink-0 text-muted-foreground">{t("visitLink")}</span>}
    </a>
  );
}

function PreviewCard({ url }: { url: string }) {
  const { settings } = useLinkPreviewSettings();
  const { data, error, isLoading } = useSWR(["link-preview", url], fetchPreview, { revalidateOnFocus: false, shouldRetryOnError: false });
  const text = shortenLinkText(url);

  if (isLoading || error || !data) return <BareLink url={url} loading={isLoading} />;

  const image = settings.useCustomIcon && settings.customIcon ? settings.customIcon : data.image;
  const style = settings.style;
  const title = data.title ?? text;
  const site = data.siteName ?? new URL(url).hostname;
  const imageEl = (className: string) =>
    image?.startsWith("data:image/") ? (
      // eslint-disable-next-line @next/next/no-img-element
      <img src={image} alt="" className={cn("bg-muted object-cover", className)} />
    ) : null;

  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={cn(
        "block overflow-hidden rounded-xl border bg-background text-foreground transition-colors hover:bg-accent/50",
        (style === "medium" || style === "horizontal" || style === "compact") && "flex items-stretch",
      )}
      data-testid="link-card"
      data-style={style}
    >
      {style === "default" && imageEl("aspect-[1200/630] w-full max-h-40")}
      {style === "large" && imageEl("aspect-[1200/630] w-full")}
      {style === "medium" && imageEl("w-24 shrink-0")}
      {style === "horizontal" && imageEl("w-1/3 shrink-0")}
      {style === "compact" && imageEl("m-2 size-10 shrink-0 rounded-md")}
      <div className={cn("min-w-0 flex-1", style === "compact" || style === "minimal" ? "px-3 py-2" : "p-3")}>
        <p className={cn("font-medium", style === "large" ? "text-base" : "text-sm", style === "compact" || style === "minimal" ? "truncate" : "line-clamp-2")}>{title}</p>
        {data.description && style !== "minimal" && style !== "compact" && (
          <p className={cn("mt-1 text-xs text-muted-foreground", style === "large" ? "line-clamp-3" : "line-clamp-2")}>{data.description}</p>
        )}
        <p className="mt-1 truncate text-xs text-muted-foreground">{site}</p>
      </div>
    </a>
  );
}
