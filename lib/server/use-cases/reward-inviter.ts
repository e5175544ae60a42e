import "server-only";
import { REFERRAL_TRIAL_DAYS } from "@/lib/constants";
import { extendedTrialEnd } from "@/lib/server/policies/effective-plan";
import { inviterEarnsReward, rewardPeriodStart } from "@/lib/server/policies/referral-rules";
import { countInviterRewardsSince, hasUsedProduct, lockUnrewardedReferral, markInviterRewarded } from "@/lib/server/queries/referrals";
import { inTransaction } from "@/lib/server/queries/transaction";
import { lockUsersForUpdate, setReferralTrial } from "@/lib/server/queries/users";

/**
 * Gives the inviter of `inviteeId` their REFERRAL_TRIAL_DAYS once the invitee has really used the
 * product (a processed document, or a question asked), within the inviter's cap for the period.
 * Called when a referral is applied, whenever one of the invitee's documents is processed and when
 * a signed-in person's question is stored; the referral row is locked,
 * so the days are given once. Returns whether they were given now.
 */
export async function rewardInviterIfEarned(inviteeId: string, now = new Date()): Promise<boolean> {
  return inTransaction(async (t) => {
    const referral = await lockUnrewardedReferral(t, inviteeId);
    if (!referral) return false;
    const inviteeHasUsedProduct = await hasUsedProduct(t, inviteeId);
    if (!inviteeHasUsedProduct) return false;
    // The inviter's row is locked before counting, so two invitees at once cannot both take the last place.
    const [inviter] = await lockUsersForUpdate(t, [referral.inviterId]);
    if (!inviter || inviter.disabled) return false;
    const rewardsInPeriod = await countInviterRewardsSince(t, inviter.id, rewardPeriodStart(now));
    if (!inviterEarnsReward({ inviteeHasUsedProduct, rewardsInPeriod })) return false;
    await setReferralTrial(t, { userId: inviter.id, trialEndsAt: extendedTrialEnd(inviter.trialEndsAt, now, REFERRAL_TRIAL_DAYS) });
    await markInviterRewarded(t, referral.id, now);
    return true;
  });
}
