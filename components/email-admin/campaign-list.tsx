"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import useSWR from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { BarChart3, Copy, Mail, Pencil, Plus, Trash2 } from "lucide-react";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage, jsonFetcher } from "@/lib/fetcher";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
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
import { CampaignStatusBadge } from "./status-badge";
import type { CampaignDraftView, CampaignProgressView } from "@/lib/server/present/api-types";

const editable = (c: CampaignProgressView) => c.status === "draft" || c.status === "scheduled";

/** Every campaign, newest first: drafts open in the editor, the others on their progress page. */
export function CampaignList() {
  const t = useTranslations("email.list");
  const tCommon = useTranslations("common");
  const format = useFormatter();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const { data, error, isLoading, mutate } = useSWR<CampaignProgressView[]>("/api/email/campaigns?kind=all", jsonFetcher, { revalidateIfStale: true, revalidateOnMount: true });

  async function create() {
    setBusy(true);
    try {
      const created = await apiFetch<CampaignDraftView>("/api/email/campaigns", { method: "POST", json: {} });
      router.push(`/admin/email-management/${created.id}`);
    } catch (e) {
      toast.error(t("createFailed"), { description: errorMessage(e, "") || undefined });
      setBusy(false);
    }
  }

  async function duplicate(campaign: CampaignProgressView) {
    try {
      const copy = await apiFetch<CampaignDraftView>(`/api/email/campaigns/${campaign.id}/duplicate`, { method: "POST" });
      toast.success(t("duplicated"));
      router.push(`/admin/email-management/${copy.id}`);
    } catch (e) {
      toast.error(t("duplicateFailed"), { description: errorMessage(e, "") || undefined });
    }
  }

  async function remove(campaign: CampaignProgressView) {
    try {
      await apiFetch(`/api/email/campaigns/${campaign.id}`, { method: "DELETE" });
      toast.success(t("deleted"));
      await mutate();
    } catch (e) {
      toast.error(t("deleteFailed"), { description: errorMessage(e, "") || undefined });
    }
  }

  return (
    <section aria-labelledby="campaigns-title" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="campaigns-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <Button onClick={() => void create()} disabled={busy} data-testid="campaign-new">
          <Plus aria-hidden />
          {t("new")}
        </Button>
      </div>
      {!data && isLoading ? (
        <DataLoading />
      ) : !data && error ? (
        <DataLoadError message={t("loadFailed")} onRetry={() => void mutate()} testId="campaigns-load-error" />
      ) : data && data.length === 0 ? (
        <Card className="items-center px-5 py-12 text-center" data-testid="campaigns-empty">
          <Mail className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        </Card>
      ) : data ? (
        <ul className="grid gap-3" data-testid="campaign-list">
          {data.map((campaign) => {
            const subject = campaign.subject.trim() || t("untitled");
            const href = editable(campaign) ? `/admin/email-management/${campaign.id}` : `/admin/email-progress/${campaign.id}`;
            return (
              <li key={campaign.id}>
                <Card className="gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="campaign-row" data-campaign-id={campaign.id}>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <CampaignStatusBadge status={campaign.status} />
                      <Link href={href} className="min-w-0 font-medium break-words hover:underline focus-visible:underline focus-visible:outline-none">
                        {subject}
                      </Link>
                    </div>
                    <p className="mt-1 text-xs text-muted-foreground">
                      {t("updatedAt", { time: format.dateTime(new Date(campaign.updatedAt), { dateStyle: "medium", timeStyle: "short" }) })}
                      {campaign.totalCount > 0 ? ` · ${t("recipientCount", { count: campaign.totalCount })}` : null}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant="outline" size="sm">
                      <Link href={href}>
                        {editable(campaign) ? <Pencil aria-hidden /> : <BarChart3 aria-hidden />}
                        {editable(campaign) ? t("edit") : t("progress")}
                      </Link>
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => void duplicate(campaign)} data-testid="campaign-duplicate">
                      <Copy aria-hidden />
                      {t("duplicate")}
                    </Button>
                    {campaign.status === "draft" || campaign.status === "done" || campaign.status === "cancelled" ? (
                      <AlertDialog>
                        <AlertDialogTrigger asChild>
                          <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`${t("delete")}: ${subject}`}>
                            <Trash2 aria-hidden />
                            {t("delete")}
                          </Button>
                        </AlertDialogTrigger>
                        <AlertDialogContent>
                          <AlertDialogTitle>{t("deleteTitle")}</AlertDialogTitle>
                          <AlertDialogDescription className="break-words">{t("deleteDescription", { subject })}</AlertDialogDescription>
                          <AlertDialogFooter>
                            <AlertDialogCancel>{tCommon("cancel")}</AlertDialogCancel>
                            <AlertDialogAction onClick={() => void remove(campaign)}>{tCommon("delete")}</AlertDialogAction>
                          </AlertDialogFooter>
                        </AlertDialogContent>
                      </AlertDialog>
                    ) : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
