import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { requestPasswordReset } from "@/lib/server/use-cases/account-mail";

// POST /api/password-reset: e-mail a reset link. The same answer (and the same work) whether or
// not the address has an account; limited per address and per client address.
export const POST = route(
  {
    auth: "public",
    body: z.object({ email: z.string().trim().min(1, "validation.emailInvalid").max(EMAIL_MAX_LENGTH, "validation.emailInvalid").pipe(z.email("validation.emailInvalid")) }),
    limit: [RATE_LIMITS.passwordResetsPerIp, RATE_LIMITS.passwordResetsPerEmail],
  },
  async ({ body, locale, countLimit }) => {
    await requestPasswordReset({ email: body.email, locale, countLimit });
    return { ok: true };
  },
);
