"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { ClientPlanStatus } from "@/lib/client-user";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const BADGE_VARIANT = { admin: "outline", supporter: "default", trial: "success", free: "secondary" } as const;

/**
 * When the plan ends, as people read it: a trial to the minute it ends; a supporter grant by its
 * last day (it holds to the end of that day, so the day before its end instant).
 */
export function usePlanEnd() {
  const format = useFormatter();
  return (status: Pick<ClientPlanStatus, "kind" | "until">): string | null => {
    if (!status.until) return null;
    const until = new Date(status.until);
    return status.kind === "trial"
      ? format.dateTime(until, { dateStyle: "medium", timeStyle: "short" })
      : format.dateTime(new Date(until.getTime() - 1), { dateStyle: "medium" });
  };
}

/** The plan that holds now, worded the same on /account, /subscribe and the admin's user list. */
export function PlanStatusBadge({ status, className, testId }: { status: ClientPlanStatus; className?: string; testId?: string }) {
  const t = useTranslations("planStatus");
  const end = usePlanEnd()(status);
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-2 gap-y-1", className)} data-testid={testId} data-plan-kind={status.kind}>
      <Badge variant={BADGE_VARIANT[status.kind]}>{t(status.kind)}</Badge>
      {end ? <span className="text-xs text-muted-foreground">{t("until", { date: end })}</span> : null}
    </span>
  );
}

/** The limits of a plan in one line; `awaitingWorkspace`: as they will apply once an administrator opens workspaces. */
export function PlanLimits({ status, className, testId, awaitingWorkspace = false }: { status: ClientPlanStatus; className?: string; testId?: string; awaitingWorkspace?: boolean }) {
  const t = useTranslations("planStatus");
  const size = Math.round(status.maxFileBytes / (1024 * 1024));
  const text =
    status.kind === "admin"
      ? t("adminLimits", { size })
      : status.monthlyUploads === null
        ? t("unlimitedLimits", { size })
        : t("monthlyLimits", { count: status.monthlyUploads, size });
  return (
    <p className={cn("text-sm text-muted-foreground", className)} data-testid={testId}>
      {awaitingWorkspace ? t("whenWorkspaceOpens", { limits: text }) : text}
    </p>
  );
}
