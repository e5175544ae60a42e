"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { ArrowLeft, Search } from "lucide-react";
import { EMAIL_PROGRESS_POLL_MS, EMAIL_RECIPIENT_STATUSES, type EmailRecipientStatus } from "@/lib/constants";
import { jsonFetcher } from "@/lib/fetcher";
import { cn } from "@/lib/utils";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { Pagination } from "@/components/layout/pagination";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useNarrowScreen } from "@/components/admin/use-narrow-screen";
import { CampaignProgressCard } from "./campaign-progress-card";
import type { CampaignDetail, RecipientPage, RecipientView } from "@/lib/server/present/api-types";

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;

const STATUS_TEXT: Record<EmailRecipientStatus, string> = {
  queued: "text-muted-foreground",
  sending: "text-primary",
  sent: "text-emerald-700 dark:text-emerald-400",
  failed: "text-destructive",
  skipped: "text-muted-foreground",
};

/** One campaign: its progress (live), and its recipients with status and the server's reply. */
export function CampaignProgressDetail({ campaignId, mailConfigured }: { campaignId: string; mailConfigured: boolean }) {
  const t = useTranslations("email.progress");
  const format = useFormatter();
  const narrow = useNarrowScreen();
  const [status, setStatus] = useState<EmailRecipientStatus | "">("");
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const campaign = useSWR<CampaignDetail>(`/api/email/campaigns/${campaignId}`, jsonFetcher, {
    refreshInterval: (latest) => (latest?.status === "sending" ? EMAIL_PROGRESS_POLL_MS : 0),
    revalidateIfStale: true,
    revalidateOnMount: true,
  });
  const sending = campaign.data?.status === "sending";
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
  if (status) params.set("status", status);
  if (search) params.set("search", search);
  const recipients = useSWR<RecipientPage>(`/api/email/campaigns/${campaignId}/recipients?${params}`, jsonFetcher, {
    refreshInterval: sending ? EMAIL_PROGRESS_POLL_MS : 0,
    keepPreviousData: true,
    revalidateIfStale: true,
    revalidateOnMount: true,
  });
  const pages = Math.max(1, Math.ceil((recipients.data?.total ?? 0) / PAGE_SIZE));

  function detail(row: RecipientView): string {
    if (row.status === "skipped" && (row.error === "unsubscribed" || row.error === "disabled" || row.error === "deleted")) return t(`skip_${row.error}`);
    if (row.status === "queued" && row.error) return t("retrying", { reply: row.error });
    return row.error ?? "";
  }

  return (
    <div data-testid="email-progress-detail">
      <Link href="/admin/email-progress" className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {t("back")}
      </Link>
      {!campaign.data && campaign.isLoading ? (
        <DataLoading />
      ) : !campaign.data ? (
        <DataLoadError message={t("loadFailed")} onRetry={() => void campaign.mutate()} testId="progress-load-error" />
      ) : (
        <>
          <h1 className="sr-only">{campaign.data.subject}</h1>
          <CampaignProgressCard
            campaign={campaign.data.progress}
            detailLink={false}
            mailConfigured={mailConfigured}
            onChanged={() => Promise.all([campaign.mutate(), recipients.mutate()])}
          />
        </>
      )}

      <section aria-labelledby="recipients-title" className="mt-8">
        <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="recipients-title" className="text-lg font-semibold">
            {t("recipients")}
            {recipients.data ? <span className="ml-2 text-sm font-normal text-muted-foreground">{t("recipientsTotal", { count: format.number(recipients.data.total) })}</span> : null}
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="relative">
              <Label htmlFor="recipient-search" className="sr-only">
                {t("search")}
              </Label>
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input id="recipient-search" type="search" value={searchInput} onChange={(e) => setSearchInput(e.target.value)} placeholder={t("search")} className="pl-9 sm:w-64" data-testid="recipient-search" />
            </div>
            <div className="sm:w-44">
              <Label htmlFor="recipient-status" className="sr-only">
                {t("filterStatus")}
              </Label>
              <NativeSelect
                id="recipient-status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as EmailRecipientStatus | "");
                  setPage(0);
                }}
                data-testid="recipient-status-filter"
              >
                <option value="">{t("allStatuses")}</option>
                {EMAIL_RECIPIENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(s)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
        </div>
        {!recipients.data && recipients.isLoading ? (
          <DataLoading />
        ) : !recipients.data ? (
          <DataLoadError message={t("loadFailed")} onRetry={() => void recipients.mutate()} testId="recipients-load-error" />
        ) : recipients.data.recipients.length === 0 ? (
          <Card className="items-center px-5 py-10 text-center text-sm text-muted-foreground" data-testid="recipients-empty">
            {t("noRecipients")}
          </Card>
        ) : narrow ? (
          <ul className="grid gap-3" aria-label={t("recipients")} data-testid="recipient-cards">
            {recipients.data.recipients.map((row) => (
              <li key={row.id}>
                <Card className="gap-1.5 px-4 py-3 text-sm" data-testid="recipient-row" data-status={row.status}>
                  <p className="font-medium break-all">{row.email}</p>
                  <p className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground">
                    <span className={cn("font-medium", STATUS_TEXT[row.status])}>{t(row.status)}</span>
                    <span>
                      {t("attempts")} {row.attempts}
                    </span>
                    {row.sentAt ? <span>{format.dateTime(new Date(row.sentAt), { dateStyle: "short", timeStyle: "medium" })}</span> : null}
                  </p>
                  {detail(row) ? <p className="break-words text-muted-foreground">{detail(row)}</p> : null}
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <div className="overflow-x-auto rounded-xl border bg-card" data-testid="recipient-table">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("recipients")}</caption>
              <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("email")}
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    {t("status")}
                  </th>
                  <th scope="col" className="px-3 py-3 text-right font-medium">
                    {t("attempts")}
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    {t("detail")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                    {t("sentAt")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {recipients.data.recipients.map((row) => (
                  <tr key={row.id} data-testid="recipient-row" data-status={row.status}>
                    <td className="px-4 py-2.5 break-all">{row.email}</td>
                    <td className={cn("px-3 py-2.5 font-medium whitespace-nowrap", STATUS_TEXT[row.status])}>{t(row.status)}</td>
                    <td className="px-3 py-2.5 text-right tabular-nums">{row.attempts}</td>
                    <td className="max-w-md px-3 py-2.5 break-words text-muted-foreground">{detail(row)}</td>
                    <td className="px-4 py-2.5 whitespace-nowrap text-muted-foreground">{row.sentAt ? format.dateTime(new Date(row.sentAt), { dateStyle: "short", timeStyle: "medium" }) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} pages={pages} onPage={setPage} label={t("pagination")} position={t("page", { page: page + 1, pages })} />
      </section>
    </div>
  );
}
