import type { Role } from "@/lib/constants";

export interface NavItem {
  href: string;
  key: "chat" | "home" | "account" | "admin" | "users" | "dailyCheckin" | "guide" | "support" | "feedback";
}

const HELP: NavItem[] = [
  { href: "/guide", key: "guide" },
  { href: "/support", key: "support" },
  { href: "/feedback", key: "feedback" },
];

/**
 * The navigation a person sees follows the same rules as the routes (lib/route-access.ts).
 * Signed in, the help pages move into the account menu to keep the bar short. An ordinary user
 * without a workspace still has a home: "/" says what they can use here.
 */
export function navItemsFor(role: Role | undefined, workspaceForEveryone: boolean): { primary: NavItem[]; help: NavItem[] } {
  if (!role) return { primary: HELP, help: [] };
  const primary: NavItem[] = [];
  if (role === "admin" || workspaceForEveryone) primary.push({ href: "/", key: "chat" });
  else if (role === "user") primary.push({ href: "/", key: "home" });
  if (role === "admin" || role === "manager") {
    primary.push({ href: "/admin", key: "admin" });
    primary.push({ href: "/daily-checkin", key: "dailyCheckin" });
  }
  if (role === "admin") primary.push({ href: "/admin/users", key: "users" });
  primary.push({ href: "/account", key: "account" });
  return { primary, help: HELP };
}
