"use client";

import useSWR, { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { jsonFetcher } from "@/lib/fetcher";
import { PageHeader } from "@/components/layout/page-header";
import { AiServiceAudit } from "./ai-service-audit";
import { AiServiceForm } from "./ai-service-form";
import { AiServiceStatus } from "./ai-service-status";
import { AI_SERVICE_KEY, auditKey } from "./ai-service-keys";
import type { AiServiceView, AuditPage } from "@/lib/server/present/api-types";

/** /admin/ai-service: what answers now, the form that changes it, and who changed it when. */
export function AiServiceScreen({ initial, firstAuditPage }: { initial: AiServiceView; firstAuditPage: AuditPage }) {
  const t = useTranslations("aiService");
  const tAdmin = useTranslations("admin");
  const { mutate } = useSWRConfig();
  const { data: view = initial, mutate: setView } = useSWR<AiServiceView>(AI_SERVICE_KEY, jsonFetcher, { fallbackData: initial });

  return (
    <>
      <PageHeader title={tAdmin("aiService")} description={t("description")} />
      <div className="grid gap-6">
        <AiServiceStatus view={view} />
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <AiServiceForm
            view={view}
            onSaved={(next) => {
              void setView(next, { revalidate: false });
              // The change log's first page has a new entry.
              void mutate(auditKey(0));
            }}
          />
          <AiServiceAudit firstPage={firstAuditPage} />
        </div>
      </div>
    </>
  );
}
