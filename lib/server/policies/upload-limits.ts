import "server-only";
import { calendarDay } from "@/lib/checkin-streak";
import type { User } from "@/lib/server/db/schema";
import { effectivePlan } from "@/lib/server/policies/effective-plan";

export interface UploadLimits {
  maxBytes: number;
  /** Uploads allowed per calendar month; null means unlimited. */
  monthlyUploads: number | null;
}

/** The plan's upload limits (docs/rules/plans-and-referrals.md#upload-limits), as the effective plan decides them (lib/server/policies/effective-plan.ts). */
export function uploadLimitsFor(user: User, now = new Date()): UploadLimits {
  const plan = effectivePlan(user, now);
  return { maxBytes: plan.maxFileBytes, monthlyUploads: plan.monthlyUploads };
}

/** The calendar month (YYYY-MM) in the product's time zone. */
export function currentMonth(now = new Date()): string {
  return calendarDay(now).slice(0, 7);
}
