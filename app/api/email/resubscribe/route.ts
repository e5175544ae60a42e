import { z } from "zod";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { MAIL_TOPICS } from "@/lib/server/mail/unsubscribe-token";
import { setSubscriptionByToken } from "@/lib/server/use-cases/unsubscribe";

// POST /api/email/resubscribe: the unsubscribe page's undo, with the same signed token.
export const POST = route({ auth: "public", body: z.object({ token: z.string().max(200), topic: z.enum(MAIL_TOPICS).optional() }) }, async ({ body }) => {
  const outcome = await setSubscriptionByToken(body.token, true, body.topic);
  if (outcome === "invalid") throw new AppError("not_found", { messageKey: "unsubscribe.invalid" });
  return { ok: true, test: outcome === "test" };
});
