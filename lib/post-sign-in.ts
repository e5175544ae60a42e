import type { Role } from "@/lib/constants";
import { safeNextPath } from "@/lib/route-access";

/** Where a person lands after signing in: the page they came for, else their natural home. */
export function landingPath(role: Role, workspaceForEveryone: boolean, next?: string | null): string {
  const wanted = safeNextPath(next);
  if (wanted && wanted !== "/auth") return wanted;
  if (role === "admin") return "/";
  if (role === "manager") return "/admin";
  return workspaceForEveryone ? "/" : "/account";
}
