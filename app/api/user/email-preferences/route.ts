import { z } from "zod";
import { route } from "@/lib/server/http/route";
import type { EmailPreferences } from "@/lib/server/present/api-types";
import { isSubscribed, setSubscribed } from "@/lib/server/queries/email-preferences";

// GET /api/user/email-preferences: whether the signed-in user gets campaigns.
export const GET = route({ auth: "user" }, async ({ user }): Promise<EmailPreferences> => ({ campaigns: await isSubscribed(user.id) }));

// PUT /api/user/email-preferences: turn campaigns on again (or off) from /account.
export const PUT = route({ auth: "user", body: z.object({ campaigns: z.boolean() }).strict() }, async ({ user, body }): Promise<EmailPreferences> => {
  await setSubscribed(user.id, body.campaigns);
  return { campaigns: body.campaigns };
});
