import "server-only";

/** The signed-in user's invitation: code, link to share, and how many signed up with it. */
export function toReferralSummary(input: { code: string; invitedCount: number; origin: string }) {
  return {
    referralCode: input.code,
    inviteLink: `${input.origin}/auth?ref=${encodeURIComponent(input.code)}`,
    invitedCount: input.invitedCount,
  };
}

export type ReferralSummary = ReturnType<typeof toReferralSummary>;
