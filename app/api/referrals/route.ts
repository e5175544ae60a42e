import { env } from "@/lib/env";
import { route, siteOrigin } from "@/lib/server/http/route";
import { countInvitedBy } from "@/lib/server/queries/referrals";
import { toReferralSummary } from "@/lib/server/present/referrals";
import type { ReferralSummary } from "@/lib/server/present/api-types";

// GET /api/referrals: the caller's referral code, invitation link and number of people invited.
export const GET = route({ auth: "user" }, async ({ req, user }): Promise<ReferralSummary> =>
  toReferralSummary({
    code: user.referralCode,
    invitedCount: await countInvitedBy(user.id),
    origin: siteOrigin(req) ?? env.APP_URL,
  }),
);
