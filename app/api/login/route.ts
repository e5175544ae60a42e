import { route } from "@/lib/server/http/route";
import { clientIp } from "@/lib/server/http/client-ip";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { loginSchema } from "@/lib/schemas/auth";
import { signInWithPassword } from "@/lib/server/use-cases/sign-in";
import { signedInResponse } from "@/lib/server/http/session-response";
import { rememberLocale } from "@/lib/server/queries/email-preferences";

// POST /api/login: sign in with e-mail and password; sets the session cookie. Failed attempts
// from one address are limited across accounts (a sign-in that succeeds gives its count back).
export const POST = route({ auth: "public", body: loginSchema, limit: RATE_LIMITS.loginFailuresPerIp }, async ({ body, req, locale }) => {
  const user = await signInWithPassword({ email: body.email, password: body.password, ip: clientIp(req) });
  await rememberLocale(user.id, locale);
  return signedInResponse(user);
});
