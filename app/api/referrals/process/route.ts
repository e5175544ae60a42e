import { route } from "@/lib/server/http/route";
import { processReferralSchema } from "@/lib/schemas/referrals";
import { processReferral } from "@/lib/server/use-cases/process-referral";
import { toPublicUser } from "@/lib/server/present/user";

// POST /api/referrals/process: apply a referral code to the signed-in account (both sides get a trial).
// No rate limit of its own: an account takes one code ever, and every valid code gives the same
// trial, so guessing codes gains nothing (registration itself is limited per address).
export const POST = route({ auth: "user", body: processReferralSchema }, async ({ user, body }) => {
  const { invitee, alreadyApplied } = await processReferral({ inviteeId: user.id, code: body.referralCode });
  const publicUser = toPublicUser(invitee);
  return { ok: true, alreadyApplied, trialEndsAt: publicUser.trialEndsAt, user: publicUser };
});
