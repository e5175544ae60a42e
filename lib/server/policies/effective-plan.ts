import "server-only";
import {
  FREE_MAX_FILE_BYTES,
  FREE_MONTHLY_UPLOADS,
  REFERRAL_TRIAL_DAYS,
  SUPPORTER_MAX_FILE_BYTES,
  type Plan,
  type PlanKind,
} from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";
import { endOfDay } from "@/lib/zoned-day";

// The one place that decides which plan holds for a user at a given moment, and so every limit
// (docs/rules/plans-and-referrals.md#plans). Grants and trials end by their date alone: an ended one reads as free the moment
// it ends, with no job having to run.

export interface EffectivePlan {
  kind: PlanKind;
  /** The first instant the plan no longer holds; null when it has no end. */
  until: Date | null;
  /** Whose limits apply. */
  tier: Plan;
  /** Uploads allowed per calendar month; null means unlimited. */
  monthlyUploads: number | null;
  maxFileBytes: number;
}

export type PlanFields = Pick<User, "role" | "plan" | "supporterUntil" | "trialEndsAt">;

const DAY_MS = 24 * 60 * 60 * 1000;

const SUPPORTER_LIMITS = { tier: "supporter", monthlyUploads: null, maxFileBytes: SUPPORTER_MAX_FILE_BYTES } as const;
const FREE_LIMITS = { tier: "free", monthlyUploads: FREE_MONTHLY_UPLOADS, maxFileBytes: FREE_MAX_FILE_BYTES } as const;

/** Whether something ending at `until` (null: never) still holds at `now`. */
export function holdsAt(until: Date | null, now: Date): boolean {
  return until === null || now.getTime() < until.getTime();
}

export function trialActive(user: Pick<User, "trialEndsAt">, now = new Date()): boolean {
  return user.trialEndsAt !== null && holdsAt(user.trialEndsAt, now);
}

export function supporterActive(user: Pick<User, "plan" | "supporterUntil">, now = new Date()): boolean {
  return user.plan === "supporter" && holdsAt(user.supporterUntil, now);
}

/** Admins are never plan-limited; then a supporter grant, then a trial, then free. */
export function effectivePlan(user: PlanFields, now = new Date()): EffectivePlan {
  if (user.role === "admin") return { kind: "admin", until: null, ...SUPPORTER_LIMITS };
  if (supporterActive(user, now)) return { kind: "supporter", until: user.supporterUntil, ...SUPPORTER_LIMITS };
  if (trialActive(user, now)) return { kind: "trial", until: user.trialEndsAt, ...SUPPORTER_LIMITS };
  return { kind: "free", until: null, ...FREE_LIMITS };
}

/**
 * A referral trial's end: `days` from now, unless the trial already runs longer. A trial extends,
 * never shortens, an existing one.
 */
export function extendedTrialEnd(current: Date | null, now: Date, days = REFERRAL_TRIAL_DAYS): Date {
  const candidate = now.getTime() + days * DAY_MS;
  return new Date(current === null ? candidate : Math.max(current.getTime(), candidate));
}

/** An admin's "supporter until" day holds through the end of that day in the product's time zone. */
export function supporterGrantEnd(day: string): Date {
  return endOfDay(day);
}
