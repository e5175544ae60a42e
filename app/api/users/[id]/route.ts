import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { updateUserSchema } from "@/lib/schemas/auth";
import { deleteUserGuarded, findUserById, updateUserGuarded } from "@/lib/server/queries/users";
import { supporterGrantEnd } from "@/lib/server/policies/effective-plan";
import { toPublicUser } from "@/lib/server/present/user";
import { removeStoredFiles } from "@/lib/server/use-cases/remove-documents";

function guardFailure(reason: "not_found" | "last_admin"): never {
  if (reason === "not_found") throw new AppError("not_found", { messageKey: "user_not_found" });
  throw new AppError("conflict", { messageKey: "last_admin" });
}

// GET /api/users/{id}: one user (admin only).
export const GET = route({ auth: "admin" }, async ({ params }) => {
  const user = await findUserById(params.id);
  if (!user) throw new AppError("not_found", { messageKey: "user_not_found" });
  return { user: toPublicUser(user) };
});

// PATCH /api/users/{id}: change role, plan (supporter with an optional last day), name or disabled state (admin only).
export const PATCH = route({ auth: "admin", body: updateUserSchema }, async ({ params, body, user }) => {
  if (params.id === user.id && body.disabled === true) {
    throw new AppError("bad_request", { messageKey: "cannot_change_self" });
  }
  const { supporterUntil, ...changes } = body;
  const result = await updateUserGuarded(params.id, {
    ...changes,
    ...(supporterUntil !== undefined ? { supporterUntil: supporterUntil === null ? null : supporterGrantEnd(supporterUntil) } : {}),
  });
  if (!result.ok) guardFailure(result.reason);
  return { user: toPublicUser(result.value) };
});

// DELETE /api/users/{id}: delete a user and everything they own (admin only).
export const DELETE = route({ auth: "admin" }, async ({ params, user }) => {
  if (params.id === user.id) throw new AppError("bad_request", { messageKey: "cannot_change_self" });
  const result = await deleteUserGuarded(params.id);
  if (!result.ok) guardFailure(result.reason);
  await removeStoredFiles(result.value.storageKeys);
  return { ok: true };
});
