import type { Role } from "@/lib/constants";

// The route table of docs/rules/roles-and-routes.md#route-table, as data. proxy.ts uses it for the fast path; every page re-checks with the same table.

export type RouteRule =
  | { kind: "public" }
  | { kind: "signed-in" }
  | { kind: "roles"; roles: readonly Role[] }
  // The home workspace: admins and managers (who make assistants from documents), or everyone
  // signed in when the workspace-access setting says so.
  | { kind: "workspace" };

const ADMIN_ONLY = { kind: "roles", roles: ["admin"] } as const;
const STAFF = { kind: "roles", roles: ["admin", "manager"] } as const;

const EXACT: Record<string, RouteRule> = {
  "/": { kind: "workspace" },
  "/account": { kind: "signed-in" },
  "/subscribe": { kind: "signed-in" },
  "/admin": STAFF,
  "/daily-checkin": STAFF,
  "/admin/users": ADMIN_ONLY,
  "/user-management": ADMIN_ONLY,
  "/admin/feedback": ADMIN_ONLY,
  "/admin/email-progress": ADMIN_ONLY,
  "/admin/email-management": ADMIN_ONLY,
  "/admin/api-usage": ADMIN_ONLY,
  "/admin/ai-service": ADMIN_ONLY,
  "/guide": { kind: "public" },
  "/guide/api": { kind: "public" },
  "/auth": { kind: "public" },
  "/trial-setup": { kind: "public" },
  "/support": { kind: "public" },
  "/feedback": { kind: "public" },
  // Reached from links in e-mail, so they work signed out.
  "/unsubscribe": { kind: "public" },
  "/reset-password": { kind: "public" },
};

export const REDIRECTS: Record<string, string> = {
  "/share": "/",
  "/setup": "/trial-setup",
  "/admin/trial-setup": "/trial-setup",
};

export function normalizePath(pathname: string) {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The rule for a page path; undefined means the path is not a page of the product (not found). */
export function ruleFor(pathname: string): RouteRule | undefined {
  const path = normalizePath(pathname);
  if (EXACT[path]) return EXACT[path];
  if (/^\/shared\/[^/]+$/.test(path)) return { kind: "public" };
  // One assistant's insights: its owner's (the page checks whose it is; admins see every assistant's).
  if (/^\/insights\/[^/]+$/.test(path)) return { kind: "workspace" };
  // Anything else under /admin is still the console's: staff only, then the page decides.
  if (path.startsWith("/admin/")) return ADMIN_ONLY;
  return undefined;
}

export function roleAllowed(rule: RouteRule, role: Role | undefined, workspaceForEveryone: boolean): boolean {
  switch (rule.kind) {
    case "public":
      return true;
    case "signed-in":
      return role !== undefined;
    case "roles":
      return role !== undefined && rule.roles.includes(role);
    case "workspace":
      return role === "admin" || role === "manager" || (workspaceForEveryone && role !== undefined);
  }
}

/** Where someone who may not see a page goes: staff to the console, everyone else to sign-in. */
export function deniedRedirect(role: Role | undefined): "/admin" | "/auth" {
  return role === "admin" || role === "manager" ? "/admin" : "/auth";
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeNextPath(next: string | null | undefined): string | undefined {
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  if (!next || /[\t\n\r]/.test(next) || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return undefined;
  return next;
}
