import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Activity, Bot, CalendarCheck, ChevronRight, Mail, MessageSquare, Send, Users, type LucideIcon } from "lucide-react";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { PageHeader } from "@/components/layout/page-header";
import { DashboardActivityLists } from "@/components/admin/dashboard/dashboard-activity-lists";
import { DashboardCharts } from "@/components/admin/dashboard/dashboard-charts";
import { DashboardFigures } from "@/components/admin/dashboard/dashboard-figures";
import { WorkspaceAccessSetting } from "@/components/admin/workspace-access-setting";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { DASHBOARD_PERIODS, loadDashboard, type DashboardPeriod } from "@/lib/server/use-cases/load-dashboard";
import { roleAllowed, ruleFor } from "@/lib/route-access";
import { cn } from "@/lib/utils";

type SectionKey = "users" | "feedback" | "emailManagement" | "emailProgress" | "apiUsage" | "aiService" | "dailyCheckin";

interface Section {
  key: SectionKey;
  slug: string;
  href: string;
  icon: LucideIcon;
}

const SECTIONS: Section[] = [
  { key: "users", slug: "users", href: "/admin/users", icon: Users },
  { key: "feedback", slug: "feedback", href: "/admin/feedback", icon: MessageSquare },
  { key: "emailManagement", slug: "email-management", href: "/admin/email-management", icon: Mail },
  { key: "emailProgress", slug: "email-progress", href: "/admin/email-progress", icon: Send },
  { key: "apiUsage", slug: "api-usage", href: "/admin/api-usage", icon: Activity },
  { key: "aiService", slug: "ai-service", href: "/admin/ai-service", icon: Bot },
  { key: "dailyCheckin", slug: "daily-checkin", href: "/daily-checkin", icon: CalendarCheck },
];

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("title") };
}

export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await pageAccess("/admin");
  if (!access.allowed) return <ForbiddenView path="/admin" />;
  const { user } = access;
  const t = await getTranslations("admin");
  const tDashboard = await getTranslations("dashboard");
  const isAdmin = user.role === "admin";
  const requested = Number((await searchParams).days);
  const days: DashboardPeriod = DASHBOARD_PERIODS.find((p) => p === requested) ?? 30;
  const [dashboard, workspaceAccess] = await Promise.all([loadDashboard({ role: user.role, days }), isAdmin ? getWorkspaceAccess() : null]);

  return (
    <>
      <PageHeader title={t("title")} description={isAdmin ? t("description") : t("managerDescription")} />

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
          {/* Only what this role may open (lib/route-access.ts; docs/rules/roles-and-routes.md#the-admin-console): a manager's console is no list of locked doors. */}
          {SECTIONS.filter((section) => roleAllowed(ruleFor(section.href)!, user.role, false)).map((section) => {
            const Icon = section.icon;
            return (
              <li key={section.key}>
                <Link
                  href={section.href}
                  data-testid={`admin-section-${section.slug}`}
                  className="group block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <Card className="h-full gap-3 transition-colors group-hover:border-primary/50 group-hover:bg-accent/40">
                    <CardHeader>
                      <div className="flex items-start justify-between gap-3">
                        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                          <Icon className="size-5" aria-hidden />
                        </span>
                        <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
                      </div>
                      <CardTitle className="mt-2">{t(section.key)}</CardTitle>
                      <CardDescription>{t(`${section.key}Description`)}</CardDescription>
                    </CardHeader>
                  </Card>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
