import "server-only";
import type { Role } from "@/lib/constants";
import { calendarDay } from "@/lib/checkin-streak";
import { dashboardVisibility } from "@/lib/server/policies/dashboard-visibility";
import {
  countActiveUsers,
  dashboardDays,
  dashboardSnapshot,
  latestFailedDocuments,
  latestFailedJobs,
  type DashboardDay,
  type FailedDocument,
  type FailedJob,
} from "@/lib/server/queries/dashboard-stats";
import { listFeedback } from "@/lib/server/queries/feedback";
import { addDays } from "@/lib/usage-report";

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
const LIST_LENGTH = 5;
const EXCERPT_CHARS = 240;

export type DashboardFigures = Omit<DashboardDay, "day">;

export interface DashboardFeedback {
  id: string;
  category: string;
  status: string;
  excerpt: string;
  from: string | null;
  createdAt: string;
}

export interface Dashboard {
  days: DashboardPeriod;
  range: { from: string; to: string };
  today: DashboardFigures;
  period: DashboardFigures;
  series: DashboardDay[];
  snapshot: Awaited<ReturnType<typeof dashboardSnapshot>>;
  /** Admins only (null for managers): the latest feedback, failed documents and jobs. */
  feedback: DashboardFeedback[] | null;
  failedDocuments: FailedDocument[] | null;
  failedJobs: FailedJob[] | null;
}

function sum(days: DashboardDay[]): DashboardFigures {
  const total: DashboardFigures = { newUsers: 0, activeUsers: 0, messages: 0, shareMessages: 0, uploads: 0, newShares: 0, tokens: 0, cost: 0 };
  for (const day of days) {
    for (const key of Object.keys(total) as (keyof DashboardFigures)[]) total[key] += day[key];
  }
  return total;
}

/** The /admin dashboard for a member of staff: what they may see, over the last `days` Taipei days. */
export async function loadDashboard(input: { role: Role; days: DashboardPeriod; now?: Date }): Promise<Dashboard> {
  const to = calendarDay(input.now ?? new Date());
  const range = { from: addDays(to, 1 - input.days), to };
  const may = dashboardVisibility(input.role);
  const [series, activeUsers, snapshot, feedback, failedDocuments, failedJobs] = await Promise.all([
    dashboardDays(range),
    countActiveUsers(range),
    dashboardSnapshot(),
    may.feedbackContent ? listFeedback({ limit: LIST_LENGTH, offset: 0 }) : null,
    may.failureDetails ? latestFailedDocuments(LIST_LENGTH) : null,
    may.failureDetails ? latestFailedJobs(LIST_LENGTH) : null,
  ]);
  const { day: _today, ...today } = series[series.length - 1];
  return {
    days: input.days,
    range,
    today,
    period: { ...sum(series), activeUsers },
    series,
    snapshot,
    feedback:
      feedback?.feedback.map((f) => ({
        id: f.id,
        category: f.category,
        status: f.status,
        excerpt: f.message.length > EXCERPT_CHARS ? `${f.message.slice(0, EXCERPT_CHARS)}…` : f.message,
        from: f.name || f.email || null,
        createdAt: f.createdAt.toISOString(),
      })) ?? null,
    failedDocuments,
    failedJobs,
  };
}
