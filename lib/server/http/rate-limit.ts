import "server-only";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { clientIp } from "./client-ip";
import { incrementWindow, incrementWindowsInOrder, releaseWindow, type WindowCheck } from "@/lib/server/queries/rate-limits";

const MINUTE_MS = 60_000;

/**
 * A route's limit, declared on route({ limit }) so a handler never counts by hand: requests per
 * window, counted in the database so it holds across instances; 429 with Retry-After beyond it.
 */
export interface RouteLimit {
  /** Names the counter. */
  name: string;
  /** Whose requests count together: each signed-in user's (signed-out callers are not counted), or each client address's. */
  per: "user" | "ip";
  /** A function is read per request, so a configured value (env) and a test's change both apply. */
  max: number | (() => number);
  /** Defaults to a minute. */
  windowMs?: number;
  /** Callers the limit does not apply to (an admin creating accounts). */
  exempt?: (user: User | null) => boolean;
}

/** 429 with Retry-After until `resetAt` (the message says how many seconds, in the caller's language). */
export function limited(resetAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppError("rate_limited", { params: { seconds }, headers: { "Retry-After": String(seconds) } });
}

/** Counts this request; throws 429 with Retry-After once the window holds more than `limit`. */
export async function consumeLimit(key: string, limit: number, windowMs: number) {
  const window = await incrementWindow(key, windowMs);
  if (window.count > limit) throw limited(window.resetAt);
}

/**
 * Several limits at once, checked in order (one database round trip): 429 at the first exceeded;
 * the ones after it are not counted.
 */
export async function consumeLimits(checks: WindowCheck[]) {
  const counts = await incrementWindowsInOrder(checks);
  counts.forEach((window, i) => {
    if (window.count > checks[i].limit) throw limited(window.resetAt);
  });
}

/** Gives back one count of consumeLimit (a sign-in that succeeded is not a failure). */
export const releaseLimit = releaseWindow;

/** Counts a request against its route's declared limit. */
export async function consumeRouteLimit(limit: RouteLimit, req: Request, user: User | null) {
  if (limit.exempt?.(user)) return;
  const caller = limit.per === "user" ? (user ? `user:${user.id}` : null) : `ip:${clientIp(req)}`;
  if (caller === null) return;
  const max = typeof limit.max === "function" ? limit.max() : limit.max;
  await consumeLimit(`${limit.name}:${caller}`, max, limit.windowMs ?? MINUTE_MS);
}
