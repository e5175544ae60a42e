import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
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

/** A signed-in user's access to a guarded page: allowed, or turned away by their role (or the workspace setting). */
export type PageAccess = { allowed: true; user: User } | { allowed: false; user: User };

/**
 * Every guarded page calls this itself (proxy.ts is only a fast path): signed out goes to /auth;
 * otherwise the page learns whether the rule allows this user, and one it does not renders what
 * they are told instead of its content (components/layout/forbidden-view.tsx, or the home's
 * no-workspace page). Rendered, never thrown with forbidden(): a page renders inside its
 * section's loading boundary, after the top of the document has been sent, and a throw there
 * made the browser discard that part of the server's HTML and log React error #419.
 */
export async function pageAccess(path: string): Promise<PageAccess> {
  const rule = ruleFor(path);
  if (!rule || rule.kind === "public") throw new Error(`${path} is not a guarded page; use currentUser()`);
  const user = await currentUser();
  if (!user) redirect(`/auth?next=${encodeURIComponent(path)}`);
  const everyone = rule.kind === "workspace" && (await getWorkspaceAccess()) === "everyone";
  return { allowed: roleAllowed(rule, user.role, everyone), user };
}
