"use client";

import { useTranslations } from "next-intl";
import { AlertTriangle, Cloud, HardDrive } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SourceBadge } from "./source-badge";
import type { AiServiceView } from "@/lib/server/present/api-types";

/** What answers right now, and each value in force with where it comes from. */
export function AiServiceStatus({ view }: { view: AiServiceView }) {
  const t = useTranslations("aiService");
  const { effective } = view;
  const rows = [
    { key: "baseUrl", label: t("baseUrl"), value: effective.baseUrl ?? (effective.apiKeyLast4 ? t("openAiDefaultUrl") : null) },
    { key: "apiKey", label: t("apiKey"), value: effective.apiKeyLast4 ? t("keyEnding", { last4: effective.apiKeyLast4 }) : t("noKey") },
    { key: "chatModel", label: t("chatModel"), value: effective.chatModel },
    { key: "visionModel", label: t("visionModel"), value: effective.sources.visionModel === "default" ? t("sameAsChatValue", { model: effective.visionModel }) : effective.visionModel },
    { key: "embeddingModel", label: t("embeddingModel"), value: effective.embeddingModel ?? t("lexicalOnly") },
    { key: "maxOutputTokens", label: t("maxOutputTokens"), value: String(effective.maxOutputTokens) },
  ] as const;

  return (
    <Card data-testid="ai-status" data-offline={effective.offline}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {effective.offline ? <HardDrive className="size-4 text-muted-foreground" aria-hidden /> : <Cloud className="size-4 text-primary" aria-hidden />}
          <span>{t("statusTitle")}</span>
          <Badge variant={effective.offline ? "secondary" : "success"} className="text-sm" data-testid="ai-status-mode">
            {effective.offline ? t("statusOffline") : t("statusService")}
          </Badge>
        </CardTitle>
        <CardDescription>
          {effective.offlineReason === "switch" ? t("statusOfflineSwitch") : effective.offlineReason === "unconfigured" ? t("statusOfflineUnconfigured") : t("statusApplies")}
        </CardDescription>
        {view.saved.apiKeyUnreadable ? (
          <p className="flex items-start gap-1.5 text-sm text-amber-700 dark:text-amber-400" role="note" data-testid="ai-key-unreadable">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t("statusKeyUnreadable")}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <h3 className="sr-only">{t("effectiveTitle")}</h3>
        <dl className="divide-y rounded-lg border text-sm" data-testid="ai-effective">
          {rows.map((row) => (
            <div
              key={row.key}
              // Phones: label and source on one line, the value under them; wider: one row of three.
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-3 py-2 sm:grid-cols-[12rem_minmax(0,1fr)_auto]"
              data-testid={`ai-effective-${row.key}`}
            >
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="col-span-2 row-start-2 min-w-0 truncate font-mono text-xs sm:col-span-1 sm:row-start-auto" title={row.value ?? undefined}>
                {row.value ?? "—"}
              </dd>
              <dd className="col-start-2 row-start-1 justify-self-end sm:col-start-auto sm:row-start-auto">
                <SourceBadge source={effective.sources[row.key]} />
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
