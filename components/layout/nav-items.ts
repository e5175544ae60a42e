import type { Role } from "@/lib/constants";

export interface NavItem {
  href: string;
  key: "chat" | "account" | "admin" | "users" | "dailyCheckin" | "guide" | "support" | "feedback";
}

const HELP: NavItem[] = [
  { href: "/guide", key: "guide" },
  { href: "/support", key: "support" },
  { href: "/feedback", key: "feedback" },
];

/**
 * The navigation a person sees follows the same rules as the routes (lib/route-access.ts).
 * Signed in, the help pages move into the account menu to keep the bar short.
 */
export function navItemsFor(role: Role | undefined, workspaceForEveryone: boolean): { primary: NavItem[]; help: NavItem[] } {
  if (!role) return { primary: HELP, help: [] };
  const primary: NavItem[] = [];
  if (role === "admin" || workspaceForEveryone) primary.push({ href: "/", key: "chat" });
  if (role === "admin" || role === "manager") {
    primary.push({ href: "/admin", key: "admin" });
    primary.push({ href: "/daily-checkin", key: "dailyCheckin" });
  }
  if (role === "admin") primary.push({ href: "/admin/users", key: "users" });
  primary.push({ href: "/account", key: "account" });
  return { primary, help: HELP };
}
