import "server-only";
import type { User } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";
import { canUseWorkspace } from "./workspace-access";

// Who may call a route: the decision route() makes for every handler, kept here so the routes
// that decide their requirement from the request (a share id or none) ask the same question.

export type AuthRequirement = "public" | "user" | "staff" | "admin" | "workspace";

/** 401 without a session, 403 when the caller's role (or the workspace setting) does not allow it. */
export async function authorize(required: AuthRequirement, user: User | null) {
  if (required === "public") return;
  if (!user) throw new AppError("unauthorized");
  const allowed =
    required === "user" ||
    (required === "admin" && user.role === "admin") ||
    (required === "staff" && (user.role === "admin" || user.role === "manager")) ||
    (required === "workspace" && (await canUseWorkspace(user)));
  if (!allowed) throw new AppError("forbidden");
}
