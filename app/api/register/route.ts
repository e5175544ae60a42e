import { NextResponse } from "next/server";
import { z } from "zod";
import { PLANS, ROLES } from "@/lib/constants";
import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { RATE_LIMITS } from "@/lib/server/policies/rate-limits";
import { registerSchema } from "@/lib/schemas/auth";
import { hashPassword } from "@/lib/server/auth/password";
import { createUser } from "@/lib/server/queries/users";
import { toPublicUser } from "@/lib/server/present/user";
import type { SignedIn } from "@/lib/server/present/api-types";
import { signedInResponse } from "@/lib/server/http/session-response";
import { queueWelcomeMail } from "@/lib/server/use-cases/account-mail";

const bodySchema = registerSchema.extend({
  role: z.enum(ROLES).optional(),
  plan: z.enum(PLANS).optional(),
});

// POST /api/register: self-registration as an ordinary free user, signed in at once. Only an admin
// may set role and plan: they create the account and stay signed in as themselves (and is not
// counted against their address).
export const POST = route({ auth: "public", body: bodySchema, limit: RATE_LIMITS.registrations }, async ({ user, body, locale }) => {
  const byAdmin = user?.role === "admin";
  const created = await createUser({
    email: body.email,
    displayName: body.displayName,
    passwordHash: await hashPassword(body.password),
    role: byAdmin ? (body.role ?? "user") : "user",
    plan: byAdmin ? (body.plan ?? "free") : "free",
    // Campaigns and the unsubscribe page speak the language the account was made in; registering
    // oneself is signing in (an account an admin makes has not been signed in to yet).
    ...(byAdmin ? {} : { locale, lastLoginAt: new Date() }),
  });
  if (!created) throw new AppError("conflict", { messageKey: "email_taken" });
  if (byAdmin) {
    return NextResponse.json<SignedIn>({ user: toPublicUser(created), displayName: created.displayName }, { status: 201 });
  }
  await queueWelcomeMail({ userId: created.id, locale });
  return signedInResponse(created, 201);
});
