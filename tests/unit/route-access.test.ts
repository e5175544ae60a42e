import { describe, expect, it } from "vitest";
import type { Role } from "@/lib/constants";
import { REDIRECTS, deniedRedirect, normalizePath, roleAllowed, ruleFor, safeNextPath, type RouteRule } from "@/lib/route-access";

const ADMIN_ONLY: RouteRule = { kind: "roles", roles: ["admin"] };
const STAFF: RouteRule = { kind: "roles", roles: ["admin", "manager"] };
const PUBLIC: RouteRule = { kind: "public" };
const SIGNED_IN: RouteRule = { kind: "signed-in" };
const WORKSPACE: RouteRule = { kind: "workspace" };

const ROLES_AND_NOBODY: (Role | undefined)[] = ["admin", "manager", "user", undefined];

// The route table of docs/rules/roles-and-routes.md#route-table, row by row.
const SPEC_TABLE: [string, RouteRule][] = [
  ["/", WORKSPACE],
  ["/account", SIGNED_IN],
  ["/subscribe", SIGNED_IN],
  ["/admin", STAFF],
  ["/admin/users", ADMIN_ONLY],
  ["/user-management", ADMIN_ONLY],
  ["/admin/feedback", ADMIN_ONLY],
  ["/admin/email-progress", ADMIN_ONLY],
  ["/admin/email-management", ADMIN_ONLY],
  ["/admin/api-usage", ADMIN_ONLY],
  ["/admin/ai-service", ADMIN_ONLY],
  ["/daily-checkin", STAFF],
  ["/guide", PUBLIC],
  ["/auth", PUBLIC],
  ["/trial-setup", PUBLIC],
  ["/support", PUBLIC],
  ["/feedback", PUBLIC],
  ["/shared/abc123", PUBLIC],
  ["/shared/AbC-_09", PUBLIC],
];

describe("ruleFor", () => {
  it.each(SPEC_TABLE)("%s follows the route table", (path, rule) => {
    expect(ruleFor(path)).toEqual(rule);
  });

  it.each(SPEC_TABLE.filter(([p]) => p !== "/"))("%s/ (trailing slash) has the same rule", (path, rule) => {
    expect(ruleFor(`${path}/`)).toEqual(rule);
    expect(ruleFor(`${path}//`)).toEqual(rule);
  });

  it("opens the pages e-mail links lead to (unsubscribe, password reset) to everyone", () => {
    expect(ruleFor("/unsubscribe")).toEqual(PUBLIC);
    expect(ruleFor("/reset-password")).toEqual(PUBLIC);
  });

  it("keeps anything else under /admin/ admin-only", () => {
    for (const path of ["/admin/unknown", "/admin/users/123", "/admin/a/b/c", "/admin/trial-setup"]) {
      expect(ruleFor(path), path).toEqual(ADMIN_ONLY);
    }
  });

  it("gives no rule (not found) for any path outside the table", () => {
    for (const path of [
      "/nope",
      "/shared",
      "/shared/",
      "/shared/a/b",
      "/adminx",
      "/administrator",
      "/ADMIN",
      "/Account",
      "/account/extra",
      "/daily-checkin/x",
      "/guide/../admin",
      "/api/users",
      "/auth/login",
    ]) {
      expect(ruleFor(path), path).toBeUndefined();
    }
  });

  it("names the redirects", () => {
    expect(REDIRECTS).toEqual({ "/share": "/", "/setup": "/trial-setup", "/admin/trial-setup": "/trial-setup" });
  });
});

describe("normalizePath", () => {
  it("drops trailing slashes but keeps the root", () => {
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/admin/")).toBe("/admin");
    expect(normalizePath("/admin///")).toBe("/admin");
    expect(normalizePath("/admin/users")).toBe("/admin/users");
  });
});

describe("roleAllowed", () => {
  const cases: [string, RouteRule, boolean, Record<string, boolean>][] = [
    ["public", PUBLIC, false, { admin: true, manager: true, user: true, nobody: true }],
    ["signed-in", SIGNED_IN, false, { admin: true, manager: true, user: true, nobody: false }],
    ["staff", STAFF, false, { admin: true, manager: true, user: false, nobody: false }],
    ["admin only", ADMIN_ONLY, false, { admin: true, manager: false, user: false, nobody: false }],
    ["workspace for staff", WORKSPACE, false, { admin: true, manager: true, user: false, nobody: false }],
    ["workspace for everyone", WORKSPACE, true, { admin: true, manager: true, user: true, nobody: false }],
    // The workspace switch never opens a roles rule.
    ["admin only, workspace for everyone", ADMIN_ONLY, true, { admin: true, manager: false, user: false, nobody: false }],
    ["staff, workspace for everyone", STAFF, true, { admin: true, manager: true, user: false, nobody: false }],
  ];

  it.each(cases)("%s", (_name, rule, everyone, expected) => {
    for (const role of ROLES_AND_NOBODY) {
      expect(roleAllowed(rule, role, everyone), String(role)).toBe(expected[role ?? "nobody"]);
    }
  });

  it("matches the route table for every route and role", () => {
    const adminOnly = ["/admin/users", "/user-management", "/admin/feedback", "/admin/email-progress", "/admin/email-management", "/admin/api-usage", "/admin/ai-service"];
    for (const path of adminOnly) {
      expect(roleAllowed(ruleFor(path)!, "admin", false)).toBe(true);
      expect(roleAllowed(ruleFor(path)!, "manager", false)).toBe(false);
      expect(roleAllowed(ruleFor(path)!, "user", false)).toBe(false);
    }
    for (const path of ["/admin", "/daily-checkin"]) {
      expect(roleAllowed(ruleFor(path)!, "manager", false)).toBe(true);
      expect(roleAllowed(ruleFor(path)!, "user", false)).toBe(false);
    }
    // The workspace: the staff who make assistants from documents, ordinary users once opened to everyone.
    expect(roleAllowed(ruleFor("/")!, "admin", false)).toBe(true);
    expect(roleAllowed(ruleFor("/")!, "manager", false)).toBe(true);
    expect(roleAllowed(ruleFor("/")!, "user", false)).toBe(false);
    expect(roleAllowed(ruleFor("/account")!, "user", false)).toBe(true);
    expect(roleAllowed(ruleFor("/account")!, undefined, false)).toBe(false);
    expect(roleAllowed(ruleFor("/shared/x")!, undefined, false)).toBe(true);
  });
});

describe("deniedRedirect", () => {
  it("sends admins and managers to /admin and everyone else to /auth", () => {
    expect(deniedRedirect("admin")).toBe("/admin");
    expect(deniedRedirect("manager")).toBe("/admin");
    expect(deniedRedirect("user")).toBe("/auth");
    expect(deniedRedirect(undefined)).toBe("/auth");
  });
});

describe("safeNextPath", () => {
  it("keeps same-site paths", () => {
    for (const path of ["/", "/account", "/admin/users?page=2", "/shared/abc#top", "/a//b", "/%2F%2Fevil.example"]) {
      expect(safeNextPath(path), path).toBe(path);
    }
  });

  it("rejects other origins and anything that is not a path", () => {
    for (const next of [
      "//evil.example",
      "//evil.example/path",
      "/\\evil.example",
      "/\\/evil.example",
      "https://evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "\\\\evil.example",
      " /account",
      "",
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBeUndefined();
    }
  });

  it("rejects paths a browser would turn into another origin by dropping tabs and newlines", () => {
    // The URL parser removes ASCII tab and newline anywhere, so "/\t/evil.example" becomes
    // "//evil.example": a protocol-relative URL to another site.
    for (const next of ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\t\\evil.example"]) {
      const resolved = new URL(next, "http://localhost:3000");
      expect(resolved.origin, JSON.stringify(next)).not.toBe("http://localhost:3000");
      expect(safeNextPath(next), JSON.stringify(next)).toBeUndefined();
    }
  });

  it("returns only paths that stay on this origin", () => {
    const candidates = ["/", "/x", "//x", "/\\x", "/\tx", "/\t/x", "/%2F/x", "/.//x", "/..//x", "/ /x", "/\u3000/x"];
    for (const next of candidates) {
      const kept = safeNextPath(next);
      if (kept !== undefined) expect(new URL(kept, "http://localhost:3000").origin, JSON.stringify(next)).toBe("http://localhost:3000");
    }
  });
});
