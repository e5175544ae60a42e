"use client";

import useSWR from "swr";
import { useTranslations } from "next-intl";
import { Send } from "lucide-react";
import { EMAIL_PROGRESS_POLL_MS } from "@/lib/constants";
import { jsonFetcher } from "@/lib/fetcher";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { PageHeader } from "@/components/layout/page-header";
import { Card } from "@/components/ui/card";
import { CampaignProgressCard } from "./campaign-progress-card";
import type { CampaignProgressView } from "@/lib/server/present/api-types";

/** While anything sends, the figures are asked for again every couple of seconds. */
export const pollWhileSending = (campaigns: CampaignProgressView[] | undefined) => (campaigns?.some((c) => c.status === "sending") ? EMAIL_PROGRESS_POLL_MS : 0);

/** /admin/email-progress: every campaign that was started, newest first, with its progress. */
export function CampaignProgressList({ mailConfigured }: { mailConfigured: boolean }) {
  const t = useTranslations("email.progress");
  const tAdmin = useTranslations("admin");
  const { data, error, isLoading, mutate } = useSWR<CampaignProgressView[]>("/api/email/campaigns?kind=sent", jsonFetcher, {
    refreshInterval: pollWhileSending,
    revalidateIfStale: true,
    revalidateOnMount: true,
  });
  return (
    <div data-testid="email-progress">
      <PageHeader title={tAdmin("emailProgress")} description={tAdmin("emailProgressDescription")} />
      {!data && isLoading ? (
        <DataLoading />
      ) : !data && error ? (
        <DataLoadError message={t("loadFailed")} onRetry={() => void mutate()} testId="progress-load-error" />
      ) : data && data.length === 0 ? (
        <Card className="items-center px-5 py-12 text-center" data-testid="progress-empty">
          <Send className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        </Card>
      ) : data ? (
        <ul className="grid gap-4">
          {data.map((campaign) => (
            <li key={campaign.id}>
              <CampaignProgressCard campaign={campaign} onChanged={() => mutate()} mailConfigured={mailConfigured} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
