import {
  DOCUMENT_LIST_MIN_GAP_MS,
  PROCESSING_CHECK_FAST_ATTEMPTS,
  PROCESSING_CHECK_FAST_DELAY_MS,
  PROCESSING_CHECK_MAX_ATTEMPTS,
  PROCESSING_CHECK_MEDIUM_ATTEMPTS,
  PROCESSING_CHECK_MEDIUM_DELAY_MS,
  PROCESSING_CHECK_SLOW_DELAY_MS,
  PROCESSING_PROGRESS_CAP,
  PROCESSING_PROGRESS_PER_ATTEMPT,
  PROCESSING_PROGRESS_SHOW_EVERY,
  PROCESSING_RETRY_BASE_MS,
  PROCESSING_RETRY_FACTOR,
  PROCESSING_RETRY_MAX_DELAY_MS,
  PROCESSING_RETRY_MAX_EXPONENT,
} from "@/lib/constants";

// How the file library follows a new upload until it is processed (docs/rules/documents.md#following-an-upload).

/** Delay before check number `attempt` (1-based): 1 s for the first 5, 2 s up to 10, then 3 s. */
export function processingCheckDelay(attempt: number): number {
  if (attempt <= PROCESSING_CHECK_FAST_ATTEMPTS) return PROCESSING_CHECK_FAST_DELAY_MS;
  if (attempt <= PROCESSING_CHECK_MEDIUM_ATTEMPTS) return PROCESSING_CHECK_MEDIUM_DELAY_MS;
  return PROCESSING_CHECK_SLOW_DELAY_MS;
}

/** Delay after a failed check: 2 s × 1.5^attempt, the exponent capped at 6, at most 10 s. */
export function failedCheckDelay(attempt: number): number {
  const exponent = Math.min(attempt, PROCESSING_RETRY_MAX_EXPONENT);
  return Math.min(PROCESSING_RETRY_BASE_MS * PROCESSING_RETRY_FACTOR ** exponent, PROCESSING_RETRY_MAX_DELAY_MS);
}

/** Estimated progress after `attempt` checks: 4 % each, capped at 90. */
export function progressEstimate(attempt: number): number {
  return Math.min(attempt * PROCESSING_PROGRESS_PER_ATTEMPT, PROCESSING_PROGRESS_CAP);
}

/** The estimate is shown every 5th check. */
export function showsProgress(attempt: number): boolean {
  return attempt > 0 && attempt % PROCESSING_PROGRESS_SHOW_EVERY === 0;
}

export function checksExhausted(attempt: number): boolean {
  return attempt >= PROCESSING_CHECK_MAX_ATTEMPTS;
}

/** The periodic list refresh runs only while something is processing, and never within 5 s of the last. */
export function listRefreshDue(anyProcessing: boolean, lastRefreshAt: number, now: number): boolean {
  return anyProcessing && now - lastRefreshAt >= DOCUMENT_LIST_MIN_GAP_MS;
}
