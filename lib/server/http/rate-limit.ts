import "server-only";
import { AppError } from "./errors";
import { clearWindow, incrementWindow, incrementWindowsInOrder, readWindow, type WindowCheck } from "@/lib/server/queries/rate-limits";

function limited(resetAt: Date): AppError {
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

/** Throws 429 when the counter is already at `limit`, without counting (failed-login throttling). */
export async function assertBelowLimit(key: string, limit: number) {
  const window = await readWindow(key);
  if (window && window.count >= limit) throw limited(window.resetAt);
}

export async function recordFailure(key: string, windowMs: number) {
  await incrementWindow(key, windowMs);
}

export const resetLimit = clearWindow;
