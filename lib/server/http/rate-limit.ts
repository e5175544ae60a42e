import "server-only";
import { AppError } from "./errors";
import { incrementWindow, incrementWindowsInOrder, releaseWindow, type WindowCheck } from "@/lib/server/queries/rate-limits";

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
