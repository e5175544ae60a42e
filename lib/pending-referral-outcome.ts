// Whether a referral code that failed to apply stays in the browser for another try
// (docs/rules/plans-and-referrals.md#referrals). It stays only while it could still succeed: the server marks its final
// refusals (unknown, own, already used, too old, inviter disabled) retryable: false; a malformed
// code never can. A network failure, a server error, a rate limit or an ended session can pass.

import { readError } from "@/lib/errors";

export function keepsPendingReferral(status: number | null, body: unknown): boolean {
  if (status === null) return true;
  const { details } = readError(body);
  const retryable = details && typeof details === "object" ? (details as { retryable?: unknown }).retryable : undefined;
  if (typeof retryable === "boolean") return retryable;
  return status >= 500 || status === 401 || status === 408 || status === 429;
}
