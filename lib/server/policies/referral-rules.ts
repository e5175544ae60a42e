import "server-only";
import { REFERRAL_MAX_ACCOUNT_AGE_DAYS, REFERRAL_REWARD_PERIOD_DAYS, REFERRAL_REWARDS_PER_PERIOD } from "@/lib/constants";
import type { User } from "@/lib/server/db/schema";

// Who may use which referral code (docs/rules/plans-and-referrals.md#referrals). Each refusal is final for that code on
// that account: nothing a later retry could change, so the browser drops the stored code.

export const REFERRAL_REFUSALS = ["unknown_code", "own_code", "already_referred", "inviter_disabled", "account_too_old"] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** An account older than this is not "invited": it signed up on its own. */
export function accountTooOldForReferral(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > REFERRAL_MAX_ACCOUNT_AGE_DAYS * DAY_MS;
}

export type ReferralDecision = { ok: true; alreadyApplied: boolean } | { ok: false; refusal: ReferralRefusal };

/**
 * `existingInviterId`: who invited the invitee already, if anyone. The same code sent again (a
 * retry whose answer was lost) is not a second referral but the first one, already applied.
 */
export function decideReferral(input: {
  invitee: Pick<User, "id" | "createdAt">;
  inviter: Pick<User, "id" | "disabled"> | undefined;
  existingInviterId: string | undefined;
  now: Date;
}): ReferralDecision {
  const { invitee, inviter, existingInviterId, now } = input;
  if (!inviter) return { ok: false, refusal: "unknown_code" };
  if (inviter.id === invitee.id) return { ok: false, refusal: "own_code" };
  if (existingInviterId !== undefined) {
    return existingInviterId === inviter.id ? { ok: true, alreadyApplied: true } : { ok: false, refusal: "already_referred" };
  }
  if (inviter.disabled) return { ok: false, refusal: "inviter_disabled" };
  if (accountTooOldForReferral(invitee.createdAt, now)) return { ok: false, refusal: "account_too_old" };
  return { ok: true, alreadyApplied: false };
}

/** Where the inviter's rewards are counted from: the last REFERRAL_REWARD_PERIOD_DAYS. */
export function rewardPeriodStart(now: Date): Date {
  return new Date(now.getTime() - REFERRAL_REWARD_PERIOD_DAYS * DAY_MS);
}

/**
 * Whether the inviter earns their trial days now: the invitee has used the product (processed a
 * document), and the inviter has earned fewer than REFERRAL_REWARDS_PER_PERIOD in the period.
 * The invitee's own days never wait for this.
 */
export function inviterEarnsReward(input: { inviteeHasUsedProduct: boolean; rewardsInPeriod: number }): boolean {
  return input.inviteeHasUsedProduct && input.rewardsInPeriod < REFERRAL_REWARDS_PER_PERIOD;
}
