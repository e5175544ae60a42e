"use client";

import { useState } from "react";
import useSWR from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { History } from "lucide-react";
import { jsonFetcher } from "@/lib/fetcher";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { Pagination } from "@/components/layout/pagination";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { auditKey } from "./ai-service-keys";
import type { AuditPage } from "@/lib/server/present/api-types";
import type { AiSettingChange } from "@/lib/schemas/ai-service";

/** The AI service's change log: newest first, a page at a time from the server. */
export function AiServiceAudit({ firstPage }: { firstPage: AuditPage }) {
  const t = useTranslations("aiService");
  const format = useFormatter();
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = useSWR<AuditPage>(auditKey(page), jsonFetcher, {
    fallbackData: page === 0 ? firstPage : undefined,
    keepPreviousData: true,
    revalidateIfStale: true,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Card data-testid="ai-audit">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-4 text-muted-foreground" aria-hidden />
          {t("auditTitle")}
        </CardTitle>
        <CardDescription>{t("auditDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        {!data && isLoading ? (
          <DataLoading />
        ) : !data && error ? (
          <DataLoadError message={t("auditLoadFailed")} onRetry={() => void mutate()} testId="ai-audit-error" />
        ) : data && data.entries.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground" data-testid="ai-audit-empty">
            {t("auditEmpty")}
          </p>
        ) : (
          <ol className="divide-y" data-testid="ai-audit-list">
            {data?.entries.map((entry) => (
              <li key={entry.id} className="grid gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="ai-audit-entry">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
                  <span className="font-medium" title={entry.actorEmail ?? t("deletedUser")}>
                    {entry.actorName}
                  </span>
                  <time className="text-xs text-muted-foreground tabular-nums" dateTime={entry.createdAt}>
                    {format.dateTime(new Date(entry.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                </div>
                <ul className="grid gap-0.5 text-xs">
                  {entry.changes.map((change) => (
                    <li key={change.field} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2" data-field={change.field}>
                      <span className="text-muted-foreground">{t(change.field)}</span>
                      <ChangeText change={change} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        <Pagination
          page={page}
          pages={pages}
          onPage={setPage}
          label={t("auditPages")}
          position={t("auditPosition", { page: page + 1, pages })}
          testId="ai-audit-pages"
        />
      </CardContent>
    </Card>
  );
}

function ChangeText({ change }: { change: AiSettingChange }) {
  const t = useTranslations("aiService");
  if (change.field === "apiKey") return <span data-testid="ai-audit-key-change">{t(`changeKey_${change.change}`)}</span>;
  const show = (value: string | number | boolean | null) =>
    value === null || value === "" ? t("changeNotSet") : typeof value === "boolean" ? (value ? t("on") : t("off")) : String(value);
  return <span className="font-mono break-words">{t("changeValue", { from: show(change.from), to: show(change.to) })}</span>;
}
