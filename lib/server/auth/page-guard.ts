import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { ruleFor, roleAllowed } from "@/lib/route-access";
import type { User } from "@/lib/server/db/schema";
import { getWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { toPublicUser } from "@/lib/server/present/user";
import { SESSION_COOKIE, userFromSessionToken } from "./session";

/** The signed-in user of the page being rendered (once per request). */
export const currentUser = cache(async (): Promise<User | null> => {
  const store = await cookies();
  return userFromSessionToken(store.get(SESSION_COOKIE)?.value);
});

export async function currentClientUser() {
  const user = await currentUser();
  return user ? toPublicUser(user) : null;
}

/**
 * Every guarded page calls this itself (proxy.ts is only a fast path): signed out goes to /auth,
 * a role that is not allowed renders app/forbidden.tsx (權限不足, then redirect).
 */
export async function requirePage(path: string): Promise<User> {
  const rule = ruleFor(path);
  if (!rule) throw new Error(`No access rule for ${path}`);
  const user = await currentUser();
  if (rule.kind === "public") {
    if (!user) throw new Error(`${path} is public; use currentUser()`);
    return user;
  }
  if (!user) redirect(`/auth?next=${encodeURIComponent(path)}`);
  const everyone = rule.kind === "workspace" && (await getWorkspaceAccess()) === "everyone";
  if (!roleAllowed(rule, user.role, everyone)) forbidden();
  return user;
}
