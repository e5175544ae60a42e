import type { Role } from "@/lib/constants";
import { roleAllowed, ruleFor, safeNextPath } from "@/lib/route-access";

/**
 * Where a person lands after signing in: the page they came for, else their natural home. A page
 * their role may not open is not followed (someone turned away from / would otherwise be sent
 * back to it, told 權限不足 and sent to sign in again, round and round). `role` null: not known
 * yet (the Google button, before the account is), so any page of the product is followed and
 * the page itself decides.
 */
export function landingPath(role: Role | null, workspaceForEveryone: boolean, next?: string | null): string {
  const wanted = safeNextPath(next);
  if (wanted && wanted !== "/auth" && mayOpen(wanted, role, workspaceForEveryone)) return wanted;
  if (role === "admin") return "/";
  if (role === "manager") return "/admin";
  return workspaceForEveryone ? "/" : "/account";
}

function mayOpen(path: string, role: Role | null, workspaceForEveryone: boolean): boolean {
  const rule = ruleFor(path.split(/[?#]/)[0]);
  // Not a page of the product: the not-found page would be all there is to see.
  if (!rule) return false;
  return role === null || roleAllowed(rule, role, workspaceForEveryone);
}
