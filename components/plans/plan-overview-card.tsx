"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { InlineLoadState } from "@/components/layout/data-states";
import { Progress } from "@/components/ui/progress";
import { PlanLimits, PlanStatusBadge, usePlanEnd } from "./plan-status";
import type { PlanOverview } from "@/lib/server/present/api-types";
import { usePlanOverview } from "./use-plan";

/**
 * The plan that holds now, its limits, this month's uploads against them and when a trial or grant
 * ends: one card for /account and /subscribe, so both say the same. Without a workspace there is
 * nothing to upload into: the limits are those that will apply once an administrator opens
 * workspaces, and no upload counter stands at 0 of 5.
 */
export function PlanOverviewCard({ initial, description, showPlansLink = false }: { initial?: PlanOverview; description?: string; showPlansLink?: boolean }) {
  const t = useTranslations("planStatus");
  const { data, error, mutate } = usePlanOverview(initial);
  const planEnd = usePlanEnd();

  return (
    <Card data-testid="plan-overview">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        {/* The page's word on the card ("your plan and usage") holds only where there is usage to show. */}
        {description && data?.workspace !== false ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {!data ? (
          <InlineLoadState error={error} message={t("loadFailed")} onRetry={() => void mutate()} />
        ) : (
          <>
            <div className="grid gap-1.5">
              <PlanStatusBadge status={data.status} testId="plan-status" />
              <PlanLimits status={data.status} testId="plan-limits" awaitingWorkspace={!data.workspace} />
            </div>
            {data.status.kind === "trial" && data.trialEndsAt ? (
              <p className="rounded-md bg-success/10 px-3 py-2 text-sm" data-testid="trial-ends">
                {t("trialEnds", { date: planEnd({ kind: "trial", until: data.trialEndsAt })! })}
              </p>
            ) : null}
            {data.status.kind === "supporter" && data.supporterUntil ? (
              <p className="rounded-md bg-primary/10 px-3 py-2 text-sm" data-testid="supporter-ends">
                {t("supporterEnds", { date: planEnd({ kind: "supporter", until: data.supporterUntil })! })}
              </p>
            ) : null}
            {data.workspace ? (
              <UploadUsage overview={data} />
            ) : (
              <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="plan-no-workspace">
                {t("noWorkspace")}
              </p>
            )}
            {showPlansLink ? (
              <Button asChild variant="outline" className="justify-self-start">
                <Link href="/subscribe" data-testid="see-plans">
                  {data.workspace ? t("seePlans") : t("seePlansOnly")}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function UploadUsage({ overview }: { overview: PlanOverview }) {
  const t = useTranslations("planStatus");
  const limit = overview.status.monthlyUploads;
  const full = limit !== null && overview.uploads >= limit;
  return (
    <div className="grid gap-2" data-testid="plan-usage">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium" id="plan-usage-label">
          {t("usageTitle")}
        </span>
        <span className="tabular-nums text-muted-foreground" data-testid="plan-usage-count">
          {limit === null ? t("usageUnlimited", { uploads: overview.uploads }) : t("usage", { uploads: overview.uploads, limit })}
        </span>
      </div>
      {limit !== null ? (
        <Progress
          value={Math.min(overview.uploads, limit)}
          max={limit}
          aria-labelledby="plan-usage-label"
          aria-valuetext={t("usageLabel", { uploads: overview.uploads, limit })}
          indicatorClassName={full ? "bg-destructive" : undefined}
          data-testid="plan-usage-bar"
        />
      ) : null}
      {full ? <p className="text-xs text-destructive">{t("usageFull")}</p> : null}
    </div>
  );
}
