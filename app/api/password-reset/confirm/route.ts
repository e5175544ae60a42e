import { z } from "zod";
import { passwordSchema } from "@/lib/schemas/auth";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { resetPassword } from "@/lib/server/use-cases/account-mail";

const body = z.object({ token: z.string().min(1).max(200), password: passwordSchema });

// POST /api/password-reset/confirm: a reset link's token and the new password; works once.
export const POST = route({ auth: "public", body, limit: RATE_LIMITS.passwordResetConfirms }, async ({ body }) => {
  await resetPassword(body);
  return { ok: true };
});
