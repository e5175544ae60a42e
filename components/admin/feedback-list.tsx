"use client";

import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { Pagination } from "@/components/layout/pagination";

import { useEffect, useState } from "react";
import useSWR from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { Check, CheckCheck, Inbox, Mail } from "lucide-react";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage, jsonFetcher } from "@/lib/fetcher";
import type { FEEDBACK_STATUSES } from "@/lib/schemas/feedback";
import type { FeedbackItem, FeedbackPage } from "@/lib/server/present/api-types";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

const PAGE_SIZE = 50;

type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

const STATUS_VARIANT = { new: "default", read: "secondary", resolved: "success" } as const;

export function FeedbackList() {
  const t = useTranslations("adminFeedback");
  const tCategories = useTranslations("feedbackPage.categories");
  const format = useFormatter();
  const [page, setPage] = useState(0);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useSWR<FeedbackPage>(
    `/api/feedback?limit=${PAGE_SIZE}&offset=${page * PAGE_SIZE}`,
    jsonFetcher,
    {
      keepPreviousData: true,
      // The app-wide SWR setup never revalidates stale entries; a console list must show fresh data.
      revalidateIfStale: true,
      onError: () => toast.error(t("loadFailed"), { id: "feedback-load-failed" }),
    },
  );

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useEffect(() => {
    if (data && page > 0 && page >= pages) setPage(pages - 1);
  }, [data, page, pages]);

  async function setStatus(item: FeedbackItem, status: FeedbackStatus) {
    setPendingId(item.id);
    try {
      await apiFetch(`/api/feedback/${encodeURIComponent(item.id)}`, { method: "PATCH", json: { status } });
      await mutate(
        (current) => current && { ...current, feedback: current.feedback.map((f) => (f.id === item.id ? { ...f, status } : f)) },
        { revalidate: false },
      );
      toast.success(t("updated"));
    } catch (err) {
      const description = errorMessage(err, "");
      toast.error(t("updateFailed"), description ? { description } : undefined);
    } finally {
      setPendingId(null);
    }
  }

  if (!data && isLoading) return <DataLoading />;

  if (!data) {
    return error ? <DataLoadError message={t("loadFailed")} onRetry={() => void mutate()} testId="feedback-load-error" /> : null;
  }

  if (data.feedback.length === 0) {
    return (
      <Card className="items-center px-5 py-12 text-center" data-testid="feedback-empty">
        <Inbox className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-sm text-muted-foreground">{t("empty")}</p>
      </Card>
    );
  }

  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground" data-testid="feedback-total">
        {t("total", { count: total })}
      </p>
      <ul className="grid gap-3" aria-label={t("title")} data-testid="feedback-list">
        {data.feedback.map((item) => {
          const busy = pendingId === item.id;
          return (
            <li key={item.id} data-testid={`feedback-item-${item.id}`}>
              <Card className={cn("gap-3 px-4 py-4 sm:px-5", item.status === "new" && "border-primary/40")}>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={STATUS_VARIANT[item.status]} data-testid="feedback-status">
                    {t(`statuses.${item.status}`)}
                  </Badge>
                  <Badge variant="outline">{tCategories(item.category)}</Badge>
                  <time dateTime={item.createdAt} className="ml-auto text-xs text-muted-foreground">
                    {format.dateTime(new Date(item.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                </div>
                <p className="text-sm break-words whitespace-pre-wrap">{item.message}</p>
                <div className="flex flex-col gap-3 border-t pt-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 text-xs text-muted-foreground">
                    <span className="mr-1.5">{t("from")}</span>
                    {item.name || item.email ? (
                      <>
                        {item.name ? <span className="font-medium text-foreground">{item.name}</span> : null}
                        {item.email ? (
                          <a
                            href={`mailto:${item.email}`}
                            className="ml-1.5 inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
                          >
                            <Mail className="size-3" aria-hidden />
                            {item.email}
                          </a>
                        ) : null}
                      </>
                    ) : (
                      <span>{t("anonymous")}</span>
                    )}
                    {item.pagePath ? (
                      <div className="mt-1 truncate">
                        <span className="mr-1.5">{t("sourcePage")}</span>
                        <span className="font-mono">{item.pagePath}</span>
                      </div>
                    ) : null}
                  </div>
                  {item.status !== "resolved" ? (
                    <div className="flex shrink-0 gap-2">
                      {item.status === "new" ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={busy}
                          onClick={() => void setStatus(item, "read")}
                          data-testid={`feedback-mark-read-${item.id}`}
                          className="flex-1 sm:flex-none"
                        >
                          <Check aria-hidden />
                          {t("markRead")}
                        </Button>
                      ) : null}
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        onClick={() => void setStatus(item, "resolved")}
                        data-testid={`feedback-mark-resolved-${item.id}`}
                        className="flex-1 sm:flex-none"
                      >
                        <CheckCheck aria-hidden />
                        {t("markResolved")}
                      </Button>
                    </div>
                  ) : null}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <Pagination page={page} pages={pages} onPage={setPage} label={t("pagination")} position={t("pageOf", { page: page + 1, pages })} />
    </>
  );
}
