import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Activity, Bot, CalendarCheck, ChevronRight, Mail, MessageSquare, Send, Users, type LucideIcon } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { DashboardActivityLists } from "@/components/admin/dashboard/dashboard-activity-lists";
import { DashboardCharts } from "@/components/admin/dashboard/dashboard-charts";
import { DashboardFigures } from "@/components/admin/dashboard/dashboard-figures";
import { WorkspaceAccessSetting } from "@/components/admin/workspace-access-setting";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/server/auth/page-guard";
import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { DASHBOARD_PERIODS, loadDashboard, type DashboardPeriod } from "@/lib/server/use-cases/load-dashboard";
import { cn } from "@/lib/utils";

type SectionKey = "users" | "feedback" | "emailManagement" | "emailProgress" | "apiUsage" | "aiService" | "dailyCheckin";

interface Section {
  key: SectionKey;
  slug: string;
  href: string;
  icon: LucideIcon;
  adminOnly: boolean;
}

const SECTIONS: Section[] = [
  { key: "users", slug: "users", href: "/admin/users", icon: Users, adminOnly: true },
  { key: "feedback", slug: "feedback", href: "/admin/feedback", icon: MessageSquare, adminOnly: true },
  { key: "emailManagement", slug: "email-management", href: "/admin/email-management", icon: Mail, adminOnly: true },
  { key: "emailProgress", slug: "email-progress", href: "/admin/email-progress", icon: Send, adminOnly: true },
  { key: "apiUsage", slug: "api-usage", href: "/admin/api-usage", icon: Activity, adminOnly: true },
  { key: "aiService", slug: "ai-service", href: "/admin/ai-service", icon: Bot, adminOnly: true },
  { key: "dailyCheckin", slug: "daily-checkin", href: "/daily-checkin", icon: CalendarCheck, adminOnly: false },
];

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("title") };
}

export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePage("/admin");
  const t = await getTranslations("admin");
  const tDashboard = await getTranslations("dashboard");
  const isAdmin = user.role === "admin";
  const requested = Number((await searchParams).days);
  const days: DashboardPeriod = DASHBOARD_PERIODS.find((p) => p === requested) ?? 30;
  const [dashboard, workspaceAccess] = await Promise.all([loadDashboard({ role: user.role, days }), isAdmin ? getWorkspaceAccess() : null]);

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />

      <section aria-labelledby="admin-overview" className="mb-8 flex flex-col gap-4" data-testid="dashboard">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="admin-overview" className="text-base font-semibold">
            {tDashboard("overview")}
          </h2>
          <nav aria-label={tDashboard("period")} className="inline-flex gap-1 rounded-lg bg-muted p-1" data-testid="dashboard-period">
            {DASHBOARD_PERIODS.map((period) => (
              <Link
                key={period}
                href={`/admin?days=${period}`}
                aria-current={period === days ? "page" : undefined}
                data-testid={`dashboard-period-${period}`}
                className={cn(
                  "rounded-md px-3 py-1 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  period === days ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {tDashboard(`periods.${period}`)}
              </Link>
            ))}
          </nav>
        </div>
        <DashboardFigures dashboard={dashboard} />
        <DashboardCharts series={dashboard.series} />
        <DashboardActivityLists dashboard={dashboard} />
        {workspaceAccess ? <WorkspaceAccessSetting initialValue={workspaceAccess} /> : null}
      </section>

      <section aria-labelledby="admin-sections">
        <h2 id="admin-sections" className="mb-3 text-sm font-medium text-muted-foreground">
          {t("sections")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SECTIONS.map((section) => {
            const locked = section.adminOnly && !isAdmin;
            const Icon = section.icon;
            const body = (
              <Card className={cn("h-full gap-3 transition-colors", locked ? "opacity-70" : "group-hover:border-primary/50 group-hover:bg-accent/40")}>
                <CardHeader>
                  <div className="flex items-start justify-between gap-3">
                    <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    {locked ? (
                      <Badge variant="secondary" data-testid={`admin-only-${section.slug}`}>
                        {t("adminOnly")}
                      </Badge>
                    ) : (
                      <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
                    )}
                  </div>
                  <CardTitle className="mt-2">{t(section.key)}</CardTitle>
                  <CardDescription>{t(`${section.key}Description`)}</CardDescription>
                </CardHeader>
              </Card>
            );
            return (
              <li key={section.key}>
                {locked ? (
                  // Managers see what the console holds, but the page itself would only answer 權限不足.
                  <div aria-disabled="true" className="h-full" data-testid={`admin-section-${section.slug}`}>
                    {body}
                  </div>
                ) : (
                  <Link
                    href={section.href}
                    data-testid={`admin-section-${section.slug}`}
                    className="group block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {body}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
