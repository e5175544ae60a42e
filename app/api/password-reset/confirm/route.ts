import { z } from "zod";
import { passwordSchema } from "@/lib/schemas/auth";
import { clientIp } from "@/lib/server/http/client-ip";
import { consumeLimit } from "@/lib/server/http/rate-limit";
import { route } from "@/lib/server/http/route";
import { resetPassword } from "@/lib/server/use-cases/account-mail";

const ATTEMPTS_PER_IP = 30;
const WINDOW_MS = 15 * 60_000;

// POST /api/password-reset/confirm: a reset link's token and the new password; works once.
export const POST = route({ auth: "public", body: z.object({ token: z.string().min(1).max(200), password: passwordSchema }) }, async ({ req, body }) => {
  await consumeLimit(`password-reset-confirm:ip:${clientIp(req)}`, ATTEMPTS_PER_IP, WINDOW_MS);
  await resetPassword(body);
  return { ok: true };
});
