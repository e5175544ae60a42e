import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { changePasswordSchema } from "@/lib/schemas/auth";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { setPassword } from "@/lib/server/queries/users";
import { signedInResponse } from "@/lib/server/http/session-response";

// POST /api/user/password: change one's password. Other sessions end; this one gets a new cookie.
export const POST = route({ auth: "user", body: changePasswordSchema }, async ({ user, body }) => {
  if (!user.passwordHash) throw new AppError("bad_request", { messageKey: "no_password" });
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError("bad_request", { messageKey: "wrong_password" });
  }
  const updated = await setPassword(user.id, await hashPassword(body.newPassword));
  if (!updated) throw new AppError("not_found");
  return signedInResponse(updated);
});
