"use client";

import Link from "next/link";
import { useState } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Ban, ListChecks, Pause, Play, RotateCcw } from "lucide-react";
import { toast } from "@/lib/toast";
import { formatDuration } from "@/lib/email/format-eta";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { NoMailServerNote } from "./no-mail-server-note";
import { CampaignStatusBadge } from "./status-badge";
import type { CampaignActionResult, CampaignProgressView } from "@/lib/server/present/api-types";

const SEGMENTS = [
  { key: "sent", className: "bg-emerald-500 dark:bg-emerald-400" },
  { key: "failed", className: "bg-red-500 dark:bg-red-400" },
  { key: "skipped", className: "bg-slate-400 dark:bg-slate-500" },
] as const;

const LEGEND = [
  { key: "sent", dot: "bg-emerald-500 dark:bg-emerald-400" },
  { key: "failed", dot: "bg-red-500 dark:bg-red-400" },
  { key: "skipped", dot: "bg-slate-400 dark:bg-slate-500" },
  { key: "queued", dot: "bg-muted-foreground/30" },
] as const;

/**
 * One campaign's progress: the bar, the figures, pace and time left, and what can be done now
 * (resuming and retrying need a mail server: without one they are off and say why).
 */
export function CampaignProgressCard({
  campaign,
  onChanged,
  mailConfigured,
  detailLink = true,
}: {
  campaign: CampaignProgressView;
  onChanged: () => Promise<unknown>;
  mailConfigured: boolean;
  detailLink?: boolean;
}) {
  const t = useTranslations("email.progress");
  const tList = useTranslations("email.list");
  const format = useFormatter();
  const locale = useLocale();
  const { counts } = campaign;
  const total = Math.max(campaign.totalCount, counts.sent + counts.failed + counts.skipped + counts.queued + counts.sending);
  const done = counts.sent + counts.failed + counts.skipped;
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const left = counts.queued + counts.sending;
  const subject = campaign.subject.trim() || tList("untitled");
  const reason = campaign.lastError === "no_mail_server" || campaign.lastError === "crashed" ? t(`reason_${campaign.lastError}`) : null;

  return (
    <Card className="gap-4 px-5" data-testid="progress-card" data-campaign-id={campaign.id} data-status={campaign.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <CampaignStatusBadge status={campaign.status} />
            <h2 className="min-w-0 font-semibold break-words">{subject}</h2>
          </div>
          <p className="mt-1 text-xs text-muted-foreground">
            {campaign.finishedAt
              ? t("finishedAt", { time: format.dateTime(new Date(campaign.finishedAt), { dateStyle: "medium", timeStyle: "short" }) })
              : campaign.startedAt
                ? t("startedAt", { time: format.dateTime(new Date(campaign.startedAt), { dateStyle: "medium", timeStyle: "short" }) })
                : null}
          </p>
        </div>
        <CampaignControls campaign={campaign} left={left} onChanged={onChanged} mailConfigured={mailConfigured} />
      </div>

      {reason && campaign.status === "paused" ? (
        <p className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="paused-reason">
          {t("pausedBecause", { reason })}
        </p>
      ) : null}
      {!mailConfigured && sendable(campaign) ? <NoMailServerNote id={`resume-unavailable-${campaign.id}`}>{t("resumeUnavailable")}</NoMailServerNote> : null}

      <div>
        <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium tabular-nums" data-testid="progress-percent">
            {t("percent", { percent })}
          </span>
          <span className="text-muted-foreground tabular-nums">{t("total", { count: format.number(total) })}</span>
        </div>
        <div
          role="progressbar"
          aria-label={`${t("bar")}: ${subject}`}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={`${t("percent", { percent })} · ${t("sent")} ${counts.sent} · ${t("failed")} ${counts.failed} · ${t("skipped")} ${counts.skipped} · ${t("queued")} ${left}`}
          className="flex h-3 overflow-hidden rounded-full bg-muted"
          data-testid="progress-bar"
          data-done={done}
          data-total={total}
        >
          {SEGMENTS.map((segment) =>
            counts[segment.key] > 0 ? <span key={segment.key} className={cn("h-full transition-[width]", segment.className)} style={{ width: `${(counts[segment.key] / Math.max(1, total)) * 100}%` }} /> : null,
          )}
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {LEGEND.map((item) => (
            <div key={item.key} className="flex items-center gap-2">
              <span className={cn("size-2.5 rounded-full", item.dot)} aria-hidden />
              <dt className="text-muted-foreground">{t(item.key)}</dt>
              <dd className="font-medium tabular-nums" data-testid={`count-${item.key}`}>
                {format.number(item.key === "queued" ? left : counts[item.key])}
              </dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <p data-testid="progress-pace">
          {campaign.status === "sending" ? t("rate", { rate: format.number(campaign.currentRate) }) : null}
          {campaign.status === "sending" ? " · " : null}
          {campaign.ratePerMinute > 0 ? t("rateLimit", { rate: format.number(campaign.ratePerMinute) }) : t("noLimit")}
          {campaign.etaSeconds !== null ? ` · ${t("eta", { time: formatDuration(campaign.etaSeconds, locale) })}` : null}
        </p>
        {detailLink ? (
          <Button asChild variant="link" size="sm" className="px-0">
            <Link href={`/admin/email-progress/${campaign.id}`} data-testid="progress-details">
              <ListChecks aria-hidden />
              {t("details")}
            </Link>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** Whether resume or retry is offered: both send again. */
function sendable(campaign: CampaignProgressView) {
  return campaign.status === "paused" || canRetry(campaign);
}

function canRetry(campaign: CampaignProgressView) {
  return campaign.counts.failed > 0 && ["sending", "paused", "done"].includes(campaign.status);
}

function CampaignControls({ campaign, left, onChanged, mailConfigured }: { campaign: CampaignProgressView; left: number; onChanged: () => Promise<unknown>; mailConfigured: boolean }) {
  const t = useTranslations("email.progress");
  const tCommon = useTranslations("common");
  const [busy, setBusy] = useState(false);

  async function act(action: "pause" | "resume" | "cancel" | "retryFailed", success: (result: { requeued?: number }) => string) {
    setBusy(true);
    try {
      const result = await apiFetch<CampaignActionResult>(`/api/email/campaigns/${campaign.id}/actions`, { method: "POST", json: { action } });
      toast.success(success(result));
      await onChanged();
    } catch (error) {
      toast.error(t("actionFailed"), { description: errorMessage(error, "") || undefined });
    } finally {
      setBusy(false);
    }
  }

  // Off without a mail server, described by the card's note.
  const sendOff = mailConfigured ? undefined : { disabled: true, "aria-describedby": `resume-unavailable-${campaign.id}` };
  return (
    <div className="flex flex-wrap gap-2">
      {campaign.status === "sending" ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void act("pause", () => t("paused"))} data-testid="campaign-pause">
          <Pause aria-hidden />
          {t("pause")}
        </Button>
      ) : null}
      {campaign.status === "paused" ? (
        <Button variant="outline" size="sm" disabled={busy} {...sendOff} onClick={() => void act("resume", () => t("resumed"))} data-testid="campaign-resume">
          <Play aria-hidden />
          {t("resume")}
        </Button>
      ) : null}
      {canRetry(campaign) ? (
        <Button variant="outline" size="sm" disabled={busy} {...sendOff} onClick={() => void act("retryFailed", (r) => t("retried", { count: r.requeued ?? 0 }))} data-testid="campaign-retry-failed">
          <RotateCcw aria-hidden />
          {t("retryFailed")}
        </Button>
      ) : null}
      {campaign.status === "sending" || campaign.status === "paused" ? (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="sm" disabled={busy} className="text-destructive hover:text-destructive" data-testid="campaign-cancel">
              <Ban aria-hidden />
              {t("cancel")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogTitle>{t("cancelTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("cancelDescription", { count: left })}</AlertDialogDescription>
            <AlertDialogFooter>
              <AlertDialogCancel>{tCommon("back")}</AlertDialogCancel>
              <AlertDialogAction onClick={() => void act("cancel", () => t("cancelled"))} data-testid="campaign-cancel-confirm">
                {t("cancel")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
    </div>
  );
}
