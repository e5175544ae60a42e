import { z } from "zod";
import { route } from "@/lib/server/http/route";
import type { EmailPreferences } from "@/lib/server/present/api-types";
import { isSubscribed, setInsightsDigest, setSubscribed, wantsInsightsDigest } from "@/lib/server/queries/email-preferences";

async function preferences(userId: string): Promise<EmailPreferences> {
  const [campaigns, insightsDigest] = await Promise.all([isSubscribed(userId), wantsInsightsDigest(userId)]);
  return { campaigns, insightsDigest };
}

// GET /api/user/email-preferences: whether the signed-in user gets campaigns, and the weekly insights digest.
export const GET = route({ auth: "user" }, async ({ user }): Promise<EmailPreferences> => preferences(user.id));

// PUT /api/user/email-preferences: either list on again (or off) from /account; what is not sent stays.
const body = z
  .object({ campaigns: z.boolean().optional(), insightsDigest: z.boolean().optional() })
  .strict()
  .refine((b) => b.campaigns !== undefined || b.insightsDigest !== undefined);
export const PUT = route({ auth: "user", body }, async ({ user, body }): Promise<EmailPreferences> => {
  if (body.campaigns !== undefined) await setSubscribed(user.id, body.campaigns);
  if (body.insightsDigest !== undefined) await setInsightsDigest(user.id, body.insightsDigest);
  return preferences(user.id);
});
