import { route } from "@/lib/server/http/route";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { AppError } from "@/lib/server/errors";
import { trialSetupSchema } from "@/lib/schemas/auth";
import { hashPassword } from "@/lib/server/auth/password";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { countUsers, createFirstAdmin } from "@/lib/server/queries/users";
import { signedInResponse } from "@/lib/server/http/session-response";

// GET /api/trial-setup: whether the first admin still has to be created.
export const GET = route({ auth: "public" }, async () => ({ needsSetup: (await countUsers()) === 0 }));

// POST /api/trial-setup: create the first admin while no user exists (exactly one wins a race),
// signed in at once, and save who gets a workspace if they chose (only the winner's choice counts).
export const POST = route({ auth: "public", body: trialSetupSchema, limit: RATE_LIMITS.trialSetups }, async ({ body }) => {
  if ((await countUsers()) > 0) throw new AppError("conflict", { messageKey: "already_set_up" });
  const passwordHash = await hashPassword(body.password);
  // Setting up is signing in: the users list shows when.
  const admin = await createFirstAdmin({ email: body.email, displayName: body.displayName, passwordHash, lastLoginAt: new Date() });
  if (!admin) throw new AppError("conflict", { messageKey: "already_set_up" });
  if (body.workspaceAccess) await setWorkspaceAccess(body.workspaceAccess);
  return signedInResponse(admin, 201);
});
