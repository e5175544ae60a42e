import "server-only";
import { REFERRAL_CODE_MAX_LENGTH, REFERRAL_TRIAL_DAYS } from "@/lib/constants";
import { inTransaction } from "@/lib/server/queries/transaction";
import type { User } from "@/lib/server/db/schema";
import type { ErrorCode } from "@/lib/errors";
import { AppError } from "@/lib/server/errors";
import { extendedTrialEnd } from "@/lib/server/policies/effective-plan";
import { decideReferral, type ReferralRefusal } from "@/lib/server/policies/referral-rules";
import { findReferralByInvitee, insertReferral } from "@/lib/server/queries/referrals";
import { findUserIdByReferralCode, lockUsersForUpdate, setReferralTrial } from "@/lib/server/queries/users";
import { rewardInviterIfEarned } from "@/lib/server/use-cases/reward-inviter";

const REFUSAL_STATUS: Record<ReferralRefusal, ErrorCode> = {
  unknown_code: "not_found",
  own_code: "bad_request",
  already_referred: "conflict",
  inviter_disabled: "unprocessable",
  account_too_old: "unprocessable",
};

function refused(refusal: ReferralRefusal): AppError {
  // retryable: false tells the browser to drop its stored code; no retry can change these.
  return new AppError(REFUSAL_STATUS[refusal], { messageKey: `referral_${refusal}`, details: { reason: refusal, retryable: false } });
}

/** Codes are shown in capitals; one typed in lower case or with spaces is the same code. */
export function normalizeReferralCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

export interface ReferralResult {
  invitee: User;
  /** The code had been applied to this account already (a retry): nothing changed. */
  alreadyApplied: boolean;
}

/**
 * Applies a referral code to the signed-in invitee: one referral row, and a trial of
 * REFERRAL_TRIAL_DAYS for the invitee at once (extending, never shortening, a trial already
 * running). The inviter's days follow once the invitee has used the product, within a cap a period
 * (rewardInviterIfEarned). One transaction with both users' rows locked, so concurrent requests
 * for the same invitee give one referral; any refusal changes nothing.
 */
export async function processReferral(input: { inviteeId: string; code: string; now?: Date }): Promise<ReferralResult> {
  const result = await applyReferral(input);
  // An invitee who had already processed a document has used the product: the inviter earns now.
  if (!result.alreadyApplied) await rewardInviterIfEarned(result.invitee.id, input.now);
  return result;
}

async function applyReferral(input: { inviteeId: string; code: string; now?: Date }): Promise<ReferralResult> {
  const code = normalizeReferralCode(input.code);
  return inTransaction(async (t) => {
    // Read the clock inside the transaction: a request that waited for the lock judges by now.
    const now = input.now ?? new Date();
    const inviterId = code === "" || code.length > REFERRAL_CODE_MAX_LENGTH ? undefined : await findUserIdByReferralCode(t, code);
    const locked = await lockUsersForUpdate(t, inviterId ? [input.inviteeId, inviterId] : [input.inviteeId]);
    const invitee = locked.find((u) => u.id === input.inviteeId);
    if (!invitee) throw new AppError("unauthorized");
    const inviter = inviterId ? locked.find((u) => u.id === inviterId) : undefined;
    const existing = await findReferralByInvitee(t, invitee.id);

    const decision = decideReferral({ invitee, inviter, existingInviterId: existing?.inviterId, now });
    if (!decision.ok) throw refused(decision.refusal);
    if (decision.alreadyApplied || !inviter) return { invitee, alreadyApplied: true };

    const inserted = await insertReferral(t, { inviterId: inviter.id, inviteeId: invitee.id, code, trialDays: REFERRAL_TRIAL_DAYS });
    if (!inserted) throw refused("already_referred");
    const updated = await setReferralTrial(t, {
      userId: invitee.id,
      trialEndsAt: extendedTrialEnd(invitee.trialEndsAt, now),
      referredById: inviter.id,
    });
    return { invitee: updated, alreadyApplied: false };
  });
}
