"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { BadgeCheck, Check, Copy, FileText, Globe } from "lucide-react";
import { APP_TIME_ZONE, BUBBLE_COLLAPSE_HEIGHT_PX, COPY_FEEDBACK_MS, TIMESTAMP_SHOW_MS } from "@/lib/constants";
import { cn } from "@/lib/utils";
import { IMAGE_ANALYSIS_MARKER, splitImageAnalysis } from "@/lib/chat/compose-message";
import { findLinks } from "@/lib/chat/links";
import { LinkCard } from "./link-card";
import { MarkdownView } from "./markdown-view";
import type { ChatMessage, MessageSource } from "@/lib/server/present/api-types";
import { SourceText } from "./source-text";
import { SourcePageLink } from "./source-page-link";
import { ReplyRating } from "./reply-rating";
import type { ReplyVote } from "./use-chat";

type PageLabel = (source: MessageSource) => string;

// More cards than this in one message would push the conversation away.
const MAX_LINK_CARDS = 3;

function sourceLabel(source: MessageSource, pages: PageLabel): string {
  return source.page === null ? source.documentName : `${source.documentName} · ${pages(source)}`;
}

/**
 * One message: text (Markdown for replies), image, copy, time on tap, sources that open their
 * quote, and its links as cards (with `linkPreviews`, fetched previews; without, bare links).
 */
export function MessageBubble({
  message,
  linkPreviews,
  onRate,
}: {
  message: ChatMessage;
  linkPreviews: boolean;
  onRate?: (messageId: string, vote: ReplyVote) => Promise<ChatMessage>;
}) {
  const t = useTranslations("chat");
  const locale = useLocale();
  const mine = message.role === "user";
  const [copied, setCopied] = useState(false);
  const [showTime, setShowTime] = useState(false);
  const [openSource, setOpenSource] = useState<number | null>(null);
  const [collapsible, setCollapsible] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    const measure = () => setCollapsible(el.scrollHeight > BUBBLE_COLLAPSE_HEIGHT_PX + 24);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [message.content]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  useEffect(() => {
    if (!showTime) return;
    const timer = setTimeout(() => setShowTime(false), TIMESTAMP_SHOW_MS);
    return () => clearTimeout(timer);
  }, [showTime]);

  // The product's one clock (the file library, exports and the console show the same), not the browser's.
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: APP_TIME_ZONE }).format(new Date(message.createdAt));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      setCopied(true);
    } catch {
      toast.error(t("copyFailed"));
    }
  };
  const source = openSource === null ? null : message.sources.find((s) => s.n === openSource);
  const pages: PageLabel = (s) => {
    const [one, many] = s.pageUnit === "sheet" ? (["sheet", "sheets"] as const) : s.pageUnit === "slide" ? (["slide", "slides"] as const) : (["page", "pages"] as const);
    return s.pageEnd !== null && s.pageEnd !== s.page ? t(many, { from: s.page!, to: s.pageEnd }) : t(one, { page: s.page! });
  };

  return (
    <li className={cn("flex flex-col gap-1", mine ? "items-end" : "items-start")} data-testid={`message-${message.role}`} data-role={message.role} data-error={message.isError || undefined}>
      <div
        className={cn(
          "group relative max-w-[92%] rounded-2xl px-4 py-3 shadow-sm sm:max-w-[80%]",
          mine ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm border bg-card text-card-foreground",
          message.isError && "border-destructive/50 bg-destructive/10 text-foreground",
          message.pending && "opacity-70",
        )}
        onClick={() => setShowTime(true)}
        title={time}
      >
        {message.imageData?.startsWith("data:image/") && (
          // A data URL the server checked to be a raster image: nothing loads from elsewhere.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={message.imageData} alt={message.imageFileName ?? t("image")} className="mb-2 max-h-48 rounded-lg object-contain" data-testid="message-image" />
        )}
        {message.ownerAnswer && (
          <p className="mb-1.5 inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary" data-testid="owner-answer">
            <BadgeCheck className="size-3.5" aria-hidden />
            {t("ownerAnswer")}
          </p>
        )}
        <div ref={body} className={cn("overflow-hidden", collapsible && !expanded && "max-h-[300px] [mask-image:linear-gradient(to_bottom,black_80%,transparent)]")}>
          {mine ? (
            <UserText content={message.content} />
          ) : (
            <MarkdownView source={message.content} onCite={(n) => setOpenSource((current) => (current === n ? null : n))} />
          )}
        </div>
        {collapsible && (
          <button
            type="button"
            className={cn("mt-1 text-xs font-medium underline underline-offset-2", mine ? "text-primary-foreground/90" : "text-primary")}
            onClick={(event) => {
              event.stopPropagation();
              setExpanded((v) => !v);
            }}
            aria-expanded={expanded}
          >
            {expanded ? t("showLess") : t("showMore")}
          </button>
        )}
        {!message.pending && (
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              void copy();
            }}
            className={cn(
              "absolute -bottom-3 flex size-7 items-center justify-center rounded-full border bg-background text-muted-foreground shadow-sm transition-opacity hover:text-foreground focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100",
              mine ? "-left-3" : "-right-3",
            )}
            aria-label={copied ? t("copied") : t("copy")}
            data-testid="copy-message"
          >
            {copied ? <Check className="size-3.5 text-green-600" /> : <Copy className="size-3.5" />}
          </button>
        )}
      </div>
      {!message.pending && !message.isError && (
        <LinkCards content={message.content} preview={linkPreviews} />
      )}
      {showTime && (
        <time className="px-1 text-xs text-muted-foreground" dateTime={message.createdAt} data-testid="message-time">
          {time}
        </time>
      )}
      {message.sources.length > 0 && (
        <div className="flex max-w-[92%] flex-wrap gap-1.5 sm:max-w-[80%]" aria-label={t("sources")}>
          {message.sources.map((s) => (
            <button
              key={s.n}
              type="button"
              onClick={() => setOpenSource((current) => (current === s.n ? null : s.n))}
              aria-expanded={openSource === s.n}
              className={cn(
                "inline-flex max-w-full items-center gap-1 rounded-full border px-2.5 py-1 text-xs transition-colors hover:bg-accent",
                openSource === s.n && "border-primary bg-primary/10",
              )}
              data-testid="source-chip"
            >
              {s.sourceUrl ? <Globe className="size-3.5 shrink-0" aria-hidden /> : <FileText className="size-3.5 shrink-0" aria-hidden />}
              <span className="truncate">
                [{s.n}] {sourceLabel(s, pages)}
              </span>
            </button>
          ))}
        </div>
      )}
      {onRate && !mine && !message.pending && !message.isError && <ReplyRating message={message} onRate={onRate} />}
      {source && (
        <blockquote className="max-w-[92%] rounded-lg border-l-4 border-primary bg-muted/60 p-3 text-sm whitespace-pre-wrap sm:max-w-[80%]" data-testid="source-quote">
          <p className="mb-1 text-xs font-medium text-muted-foreground">{sourceLabel(source, pages)}</p>
          <SourcePageLink url={source.sourceUrl} />
          <SourceText text={source.quote} />
        </blockquote>
      )}
    </li>
  );
}

function LinkCards({ content, preview }: { content: string; preview: boolean }) {
  const links = findLinks(content).slice(0, MAX_LINK_CARDS);
  if (links.length === 0) return null;
  return (
    <div className="flex w-full max-w-[92%] flex-col gap-2 sm:max-w-[80%] sm:max-w-sm" data-testid="link-cards">
      {links.map((url) => (
        <LinkCard key={url} url={url} preview={preview} />
      ))}
    </div>
  );
}

/** The user's words, and under them, quieter, the analysis of the image they sent (it is long, and not what they typed). */
function UserText({ content }: { content: string }) {
  const { question, analysis } = splitImageAnalysis(content);
  if (analysis === null) return <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{content}</p>;
  return (
    <>
      {question && <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{question}</p>}
      <p className={cn("text-xs leading-relaxed break-words whitespace-pre-wrap opacity-80", question && "mt-2 border-t border-current/20 pt-2")} data-testid="image-analysis">
        {IMAGE_ANALYSIS_MARKER} {analysis}
      </p>
    </>
  );
}
