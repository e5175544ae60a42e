"use client";

import { useFormatter, useTranslations } from "next-intl";
import { AlertTriangle, Bot, Code2, Copy, ExternalLink, Lock, Globe, Megaphone, MessageSquare, RefreshCw, Share2, Trash2, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmShareAction } from "./confirm-share-action";
import { useGoogleAvailable } from "./google-availability";
import { ShareConversationsDialog } from "./share-conversations-dialog";
import { ShareEditDialog } from "./share-edit-dialog";
import { ShareEmbedDialog } from "./share-embed-dialog";
import type { OwnerShare } from "@/lib/server/present/api-types";
import { useShareActions } from "./use-share-actions";

/**
 * One share: its name and modes, the link with copy and open, its use, and what the owner can do.
 * On a phone the actions come after everything else, so the name keeps the card's whole width.
 */
export function ShareCard({ share }: { share: OwnerShare }) {
  const t = useTranslations("shares");
  const format = useFormatter();
  const { revoke, rotate, copyLink } = useShareActions();
  const announcementShown = share.announcementEnabled && !!share.pinnedAnnouncement;
  // Visitors of such a share cannot send until Google sign-in is set up or the mode is switched back.
  const googleAvailable = useGoogleAvailable();
  const signInUnavailable = share.accessMode === "google_required" && !googleAvailable;

  return (
    <li
      // minmax(0, …) columns: a long link or name truncates instead of widening the page.
      className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4"
      data-testid="share-row"
      data-share-id={share.shareId}
    >
      <div className="min-w-0">
        <h3 className="truncate font-semibold" title={share.name} data-testid="share-name">
          {share.name}
        </h3>
        <p className="mt-0.5 flex min-w-0 items-center gap-1 text-xs text-muted-foreground" data-testid="share-assistant">
          <Bot className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{t("ofAssistant", { name: share.assistantName })}</span>
        </p>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          {share.quickLink ? (
            <Badge variant="outline" title={t("quickLinkHint")} data-testid="share-quick-link">
              <Share2 aria-hidden />
              {t("quickLink")}
            </Badge>
          ) : null}
          <Badge variant="outline" data-testid="share-access" data-access-mode={share.accessMode}>
            {share.accessMode === "google_required" ? <Lock aria-hidden /> : <Globe aria-hidden />}
            {share.accessMode === "google_required" ? t("accessGoogle") : t("accessOpen")}
          </Badge>
          <Badge variant="secondary" data-testid="share-public" data-public={share.isPublicMode}>
            <Users aria-hidden />
            {share.isPublicMode ? t("publicOn") : t("publicOff")}
          </Badge>
          {announcementShown ? (
            <Badge variant="secondary" data-testid="share-announcement">
              <Megaphone aria-hidden />
              {t("announcementOn")}
            </Badge>
          ) : null}
          {share.embedOrigins.length > 0 ? (
            <Badge variant="secondary" title={share.embedOrigins.join("\n")} data-testid="share-embeddable">
              <Code2 aria-hidden />
              {t("embeddableOn", { count: share.embedOrigins.length })}
            </Badge>
          ) : null}
        </div>
        {signInUnavailable && (
          <p className="mt-2 flex items-start gap-1.5 text-xs text-amber-700 dark:text-amber-400" role="note" data-testid="share-google-unavailable">
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
            {t("googleNotConfigured")}
          </p>
        )}
      </div>
      <div className="flex min-w-0 items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-0.5 pl-3 sm:col-span-2">
        <span className="sr-only">{t("link")}</span>
        {/* Plain text, selected whole on a tap, so it can be copied by hand where the clipboard is refused. */}
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-muted-foreground select-all" title={share.shareUrl} data-testid="share-link">
          {share.shareUrl}
        </span>
        <Button variant="ghost" size="icon" className="size-8" aria-label={t("copyLink", { name: share.name })} title={t("copyLink", { name: share.name })} onClick={() => void copyLink(share)} data-testid="share-copy">
          <Copy />
        </Button>
        <Button variant="ghost" size="icon" className="size-8" asChild>
          <a href={share.shareUrl} target="_blank" rel="noopener noreferrer" aria-label={t("openLink", { name: share.name })} title={t("openLink", { name: share.name })} data-testid="share-open">
            <ExternalLink />
          </a>
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground sm:col-span-2">
        <span className="inline-flex items-center gap-1" data-testid="share-message-count">
          <MessageSquare className="size-3.5" aria-hidden />
          {t("messageCount", { count: share.messageCount })}
        </span>
        <time dateTime={share.createdAt}>{t("createdAt", { date: format.dateTime(new Date(share.createdAt), { dateStyle: "medium" }) })}</time>
      </div>
      {/* Last in reading and focus order; beside the name from sm up. */}
      <div className="flex flex-wrap items-center gap-1 border-t pt-3 sm:col-start-2 sm:row-start-1 sm:self-start sm:border-0 sm:pt-0">
        <ShareEditDialog share={share} />
        <ShareEmbedDialog share={share} />
        <ShareConversationsDialog share={share} />
        <ConfirmShareAction
          testId="share-rotate"
          title={t("rotateTitle", { name: share.name })}
          body={t("rotateBody")}
          confirmLabel={t("rotateConfirm")}
          onConfirm={() => void rotate(share)}
          trigger={
            <Button variant="ghost" size="sm" aria-label={t("rotateLabel", { name: share.name })} data-testid="share-rotate">
              <RefreshCw />
              {t("rotate")}
            </Button>
          }
        />
        <ConfirmShareAction
          testId="share-revoke"
          title={t("revokeTitle", { name: share.name })}
          body={t("revokeBody")}
          confirmLabel={t("revokeConfirm")}
          onConfirm={() => void revoke(share)}
          trigger={
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              aria-label={t("revokeLabel", { name: share.name })}
              data-testid="share-revoke"
            >
              <Trash2 />
              {t("revoke")}
            </Button>
          }
        />
      </div>
    </li>
  );
}
