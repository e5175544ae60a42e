import { route } from "@/lib/server/http/route";
import { updateProfileSchema } from "@/lib/schemas/auth";
import { updateProfile } from "@/lib/server/queries/users";
import { toPublicUser } from "@/lib/server/present/user";
import type { CurrentUser } from "@/lib/server/present/api-types";

// GET /api/user: the signed-in user (401 when signed out).
export const GET = route({ auth: "user" }, async ({ user }): Promise<CurrentUser> => ({ ...toPublicUser(user), user: toPublicUser(user) }));

// PATCH /api/user: update one's own profile (display name only; role and plan are not fields here).
export const PATCH = route({ auth: "user", body: updateProfileSchema }, async ({ user, body }): Promise<CurrentUser> => {
  const updated = await updateProfile(user.id, { displayName: body.displayName });
  return { ...toPublicUser(updated), user: toPublicUser(updated) };
});
