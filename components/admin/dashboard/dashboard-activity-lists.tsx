import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { AlertTriangle, ChevronRight, MessageSquare } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Dashboard } from "@/lib/server/use-cases/load-dashboard";

/**
 * The latest feedback and what failed. Admins get the entries; managers, who may open neither the
 * feedback nor the user list (docs/rules/roles-and-routes.md#the-admin-console), get how many there are: figures, not a locked door.
 */
export async function DashboardActivityLists({ dashboard }: { dashboard: Dashboard }) {
  const t = await getTranslations("dashboard");
  const tFeedback = await getTranslations("feedbackPage");
  const tStatus = await getTranslations("adminFeedback");
  const format = await getFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const { snapshot } = dashboard;

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card className="min-w-0 gap-3" data-testid="dashboard-feedback">
        <CardHeader className="flex-row items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2">
            <MessageSquare className="size-4 text-muted-foreground" aria-hidden />
            {t("recentFeedback")}
          </CardTitle>
          {dashboard.feedback ? (
            <Link href="/admin/feedback" className="inline-flex items-center gap-0.5 rounded text-sm text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring">
              {t("viewAll")}
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          ) : null}
        </CardHeader>
        <CardContent>
          {!dashboard.feedback ? (
            <p className="text-sm text-muted-foreground" data-testid="dashboard-feedback-restricted">
              {t("feedbackCount", { count: snapshot.newFeedback })}
            </p>
          ) : dashboard.feedback.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noFeedback")}</p>
          ) : (
            <ul className="divide-y">
              {dashboard.feedback.map((item) => (
                <li key={item.id} className="py-2.5" data-testid="dashboard-feedback-item">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant="secondary">{tFeedback(`categories.${item.category as "bug"}`)}</Badge>
                    {item.status === "new" ? <Badge>{tStatus("statuses.new")}</Badge> : null}
                    <span>{when(item.createdAt)}</span>
                    {item.from ? <span className="truncate">· {item.from}</span> : null}
                  </div>
                  <p className="mt-1 line-clamp-2 text-sm break-words">{item.excerpt}</p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card className="min-w-0 gap-3" data-testid="dashboard-failures">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AlertTriangle className="size-4 text-muted-foreground" aria-hidden />
            {t("failures")}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!dashboard.failedDocuments || !dashboard.failedJobs ? (
            <p className="text-sm text-muted-foreground" data-testid="dashboard-failures-restricted">
              {t("failuresCount", { documents: snapshot.documentsInError, jobs: snapshot.failedJobs })}
            </p>
          ) : dashboard.failedDocuments.length === 0 && dashboard.failedJobs.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noFailures")}</p>
          ) : (
            <>
              {dashboard.failedDocuments.length > 0 ? (
                <div>
                  <h3 className="mb-1 text-sm font-medium">
                    {t("failedDocuments")} <span className="text-muted-foreground tabular-nums">({format.number(snapshot.documentsInError)})</span>
                  </h3>
                  <ul className="divide-y">
                    {dashboard.failedDocuments.map((doc) => (
                      <li key={doc.id} className="py-2" data-testid="dashboard-failed-document">
                        <p className="truncate text-sm font-medium">{doc.name}</p>
                        <p className="truncate text-xs text-muted-foreground">
                          {t("owner")}: {doc.ownerName} · {doc.ownerEmail} · {when(doc.createdAt)}
                        </p>
                        <p className="line-clamp-2 text-xs text-destructive">{doc.reason ?? t("unknownReason")}</p>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {dashboard.failedJobs.length > 0 ? (
                <div>
                  <h3 className="mb-1 text-sm font-medium">
                    {t("failedJobs")} <span className="text-muted-foreground tabular-nums">({format.number(snapshot.failedJobs)})</span>
                  </h3>
                  <ul className="divide-y">
                    {dashboard.failedJobs.map((job) => (
                      <li key={job.id} className="py-2" data-testid="dashboard-failed-job">
                        <p className="text-sm font-medium">
                          <code className="text-xs">{job.type}</code>
                          <span className="ml-2 text-xs font-normal text-muted-foreground">
                            {t("attempts", { count: job.attempts })} · {when(job.failedAt)}
                          </span>
                        </p>
                        <p className="line-clamp-2 text-xs break-words text-destructive">{job.error ?? t("unknownReason")}</p>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
