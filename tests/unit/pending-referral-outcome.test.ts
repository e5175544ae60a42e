import { describe, expect, it } from "vitest";
import { keepsPendingReferral } from "@/lib/pending-referral-outcome";

const refusal = (reason: string) => ({ error: { code: "conflict", message: "…", details: { reason, retryable: false } } });

describe("keepsPendingReferral", () => {
  it("drops a code the server refused for good", () => {
    expect(keepsPendingReferral(404, refusal("unknown_code"))).toBe(false);
    expect(keepsPendingReferral(400, refusal("own_code"))).toBe(false);
    expect(keepsPendingReferral(409, refusal("already_referred"))).toBe(false);
    expect(keepsPendingReferral(422, refusal("account_too_old"))).toBe(false);
    expect(keepsPendingReferral(422, refusal("inviter_disabled"))).toBe(false);
    expect(keepsPendingReferral(400, { error: { code: "validation", details: [{ path: "referralCode" }] } })).toBe(false);
  });

  it("keeps it after a failure a later try can get past", () => {
    expect(keepsPendingReferral(null, undefined)).toBe(true);
    expect(keepsPendingReferral(500, { error: { code: "internal" } })).toBe(true);
    expect(keepsPendingReferral(502, "<html>Bad gateway</html>")).toBe(true);
    expect(keepsPendingReferral(503, undefined)).toBe(true);
    expect(keepsPendingReferral(429, { error: { code: "rate_limited" } })).toBe(true);
    expect(keepsPendingReferral(401, { error: { code: "unauthorized" } })).toBe(true);
  });

  it("follows the server's own word when it gives one", () => {
    expect(keepsPendingReferral(409, { error: { details: { retryable: true } } })).toBe(true);
    expect(keepsPendingReferral(503, { error: { details: { retryable: false } } })).toBe(false);
  });
});
