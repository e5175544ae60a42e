import "server-only";
import { FREE_MAX_FILE_BYTES, FREE_MONTHLY_UPLOADS, SUPPORTER_MAX_FILE_BYTES } from "@/lib/constants";
import { calendarDay } from "@/lib/checkin-streak";
import type { User } from "@/lib/server/db/schema";
import { toPublicUser } from "./present-user";

export interface UploadLimits {
  maxBytes: number;
  /** Uploads allowed per calendar month; null means unlimited. */
  monthlyUploads: number | null;
}

/** SPEC §1/§9: free 5 a month and 10 MB; supporter (or an active trial) unlimited and 30 MB; admins unlimited. */
export function uploadLimitsFor(user: User): UploadLimits {
  if (user.role === "admin" || toPublicUser(user).effectivePlan === "supporter") {
    return { maxBytes: SUPPORTER_MAX_FILE_BYTES, monthlyUploads: null };
  }
  return { maxBytes: FREE_MAX_FILE_BYTES, monthlyUploads: FREE_MONTHLY_UPLOADS };
}

/** The calendar month (YYYY-MM) in the product's time zone. */
export function currentMonth(now = new Date()): string {
  return calendarDay(now).slice(0, 7);
}
