import "server-only";
import type { User } from "@/lib/server/db/schema";
import { rateLimited } from "@/lib/server/errors";
import type { LimitSubjects, RateLimit } from "@/lib/server/policies/rate-limits";
import { incrementWindowsInOrder, releaseWindow, type WindowCheck } from "@/lib/server/queries/rate-limits";
import { clientIp } from "./client-ip";

// Counting the limits a route declares (lib/server/policies/rate-limits.ts) for one request.

/**
 * Several limits at once, checked in order (one database round trip): 429 at the first exceeded;
 * the ones after it are not counted.
 */
export async function consumeLimits(checks: (WindowCheck & { messageKey?: string })[]) {
  const counts = await incrementWindowsInOrder(checks);
  counts.forEach((window, i) => {
    if (window.count > checks[i].limit) throw rateLimited(window.resetAt, checks[i].messageKey);
  });
}

function subject(value: string | undefined, limit: RateLimit): string {
  // A route that declares such a limit and counts it without naming whom is a mistake in the route.
  if (value === undefined) throw new Error(`rate limit "${limit.name}" per ${limit.per} was counted without its ${limit.per}`);
  return value;
}

/** The counter this request counts against under `limit`; null when the limit does not apply to the caller. */
function counterKey(limit: RateLimit, req: Request, user: User | null, subjects: LimitSubjects): string | null {
  if (limit.exempt?.(user)) return null;
  switch (limit.per) {
    case "user":
      return user ? `${limit.name}:user:${user.id}` : null;
    case "ip":
      return `${limit.name}:ip:${clientIp(req)}`;
    case "email":
      return `${limit.name}:email:${subject(subjects.email, limit)}`;
    case "link":
      return `${limit.name}:link:${subject(subjects.link, limit)}`;
    case "key":
      return `${limit.name}:key:${subject(subjects.key, limit)}`;
    case "visitor":
      return `${limit.name}:visitor:${subject(subjects.link, limit)}:${subject(subjects.visitor, limit)}`;
  }
}

/**
 * Counts one request against a route's limits, in order; 429 with Retry-After at the first
 * exceeded. Returns the counters of failures-only limits, to give back if the request succeeds.
 */
export async function countRouteLimits(limits: readonly RateLimit[], req: Request, user: User | null, subjects: LimitSubjects = {}): Promise<string[]> {
  const checks = limits.flatMap((limit) => {
    const key = counterKey(limit, req, user, subjects);
    if (key === null) return [];
    const max = typeof limit.max === "function" ? limit.max() : limit.max;
    return [{ key, limit: max, windowMs: limit.windowMs, messageKey: limit.messageKey, failuresOnly: limit.failuresOnly === true }];
  });
  if (checks.length === 0) return [];
  await consumeLimits(checks);
  return checks.filter((check) => check.failuresOnly).map((check) => check.key);
}

/** Gives back the counts of a request that turned out not to be what its limit is about (a sign-in that succeeded). */
export async function giveBackCounts(keys: string[]) {
  await Promise.all(keys.map((key) => releaseWindow(key)));
}
