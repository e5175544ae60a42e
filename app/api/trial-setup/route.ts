import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/errors";
import { clientIp } from "@/lib/server/http/client-ip";
import { consumeLimit } from "@/lib/server/http/rate-limit";
import { trialSetupSchema } from "@/lib/schemas/auth";
import { hashPassword } from "@/lib/server/auth/password";
import { countUsers, createFirstAdmin } from "@/lib/server/queries/users";
import { signedInResponse } from "@/lib/server/services/session-response";

// GET /api/trial-setup: whether the first admin still has to be created.
export const GET = route({ auth: "public" }, async () => ({ needsSetup: (await countUsers()) === 0 }));

// POST /api/trial-setup: create the first admin while no user exists (exactly one wins a race).
export const POST = route({ auth: "public", body: trialSetupSchema }, async ({ body, req }) => {
  await consumeLimit(`trial-setup:ip:${clientIp(req)}`, 30, 60 * 60_000);
  if ((await countUsers()) > 0) throw new AppError("conflict", { messageKey: "already_set_up" });
  const passwordHash = await hashPassword(body.password);
  const admin = await createFirstAdmin({ email: body.email, displayName: body.displayName, passwordHash });
  if (!admin) throw new AppError("conflict", { messageKey: "already_set_up" });
  return signedInResponse(admin, 201);
});
