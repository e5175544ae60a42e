import { z } from "zod";
import { passwordSchema } from "@/lib/schemas/auth";
import { route } from "@/lib/server/http/route";
import { resetPassword } from "@/lib/server/use-cases/account-mail";

const ATTEMPTS_PER_IP = 30;
const WINDOW_MS = 15 * 60_000;

const body = z.object({ token: z.string().min(1).max(200), password: passwordSchema });

// POST /api/password-reset/confirm: a reset link's token and the new password; works once.
export const POST = route({ auth: "public", body, limit: { name: "password-reset-confirm", per: "ip", max: ATTEMPTS_PER_IP, windowMs: WINDOW_MS } }, async ({ body }) => {
  await resetPassword(body);
  return { ok: true };
});
