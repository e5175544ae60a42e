import type { Role } from "@/lib/constants";
import { roleAllowed, ruleFor, safeNextPath } from "@/lib/route-access";

/**
 * Where a person lands after signing in: the page they came for, else their natural home. A page
 * their role may not open is not followed (they would only be told 權限不足 and sent on). The
 * home "/" always is: without a workspace it says why, and what they can use instead. `role`
 * null: not known yet (the Google button, before the account is), so any page of the product is
 * followed and the page itself decides.
 */
export function landingPath(role: Role | null, workspaceForEveryone: boolean, next?: string | null): string {
  const wanted = safeNextPath(next);
  if (wanted && wanted !== "/auth" && mayOpen(wanted, role, workspaceForEveryone)) return wanted;
  return role === "manager" ? "/admin" : "/";
}

function mayOpen(path: string, role: Role | null, workspaceForEveryone: boolean): boolean {
  const rule = ruleFor(path.split(/[?#]/)[0]);
  // Not a page of the product: the not-found page would be all there is to see.
  if (!rule) return false;
  return role === null || rule.kind === "workspace" || roleAllowed(rule, role, workspaceForEveryone);
}
