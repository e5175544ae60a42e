import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import zhTW from "@/messages/zh-TW.json";
import { ROOT_NAMESPACES, SHARED_PAGE_NAMESPACES, SHELL_NAMESPACES, pageMessages, pickMessages, type Namespace } from "@/lib/i18n/client-namespaces";
import type { Messages } from "@/lib/i18n/locale";
import { namespacesReachable } from "../support/translation-namespaces";

const root = path.resolve(import.meta.dirname, "../..");

/** Every page.tsx under an app directory (paths from the project root). */
function pagesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => path.join(dir, file));
}

/** The namespaces the code reachable from `entries` reads that `sent` leaves out, with who reads each. */
function missing(entries: string[], sent: readonly string[]): Record<string, string[]> {
  return Object.fromEntries([...namespacesReachable(entries)].filter(([ns]) => !sent.includes(ns)));
}

describe("the translations each page sends to the browser (lib/i18n/client-namespaces.ts)", () => {
  it("the root layout sends what its providers, error and not-found screens read", () => {
    const entries = ["app/layout.tsx", "app/error.tsx", "app/global-error.tsx", "app/not-found.tsx", "components/layout/page-loading.tsx"];
    expect(missing(entries, ROOT_NAMESPACES)).toEqual({});
  });

  it("the shared page sends what the visitor's chat reads", () => {
    const entries = ["app/shared/layout.tsx", ...pagesUnder("app/shared")];
    expect(entries).toContain(path.join("app/shared/[shareId]/page.tsx"));
    expect(missing(entries, SHARED_PAGE_NAMESPACES)).toEqual({});
  });

  it("the app shell sends what the workspace, account and public pages read", () => {
    const entries = ["components/layout/app-shell.tsx", ...pagesUnder("app/(main)"), ...pagesUnder("app/(public)")];
    expect(entries.length).toBeGreaterThan(8);
    expect(missing(entries, SHELL_NAMESPACES)).toEqual({});
  });

  it("every page in the app shell without `staff` reads only the shell's namespaces", () => {
    // A staff page outside app/admin (/user-management) must say <AppShell staff>, or its strings are missing.
    const shellPages = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".tsx"))
      .map((file) => path.join("app", file))
      .filter((file) => /<AppShell>/.test(readFileSync(path.join(root, file), "utf8")));
    expect(shellPages.length).toBeGreaterThan(0);
    for (const file of shellPages) expect(missing([file], SHELL_NAMESPACES), file).toEqual({});
    expect(readFileSync(path.join(root, "app/user-management/page.tsx"), "utf8")).toContain("<AppShell staff>");
  });

  it("the console's strings reach staff pages only", () => {
    const staff = namespacesReachable([...pagesUnder("app/admin"), ...pagesUnder("app/daily-checkin")]);
    const consoleOnly = ["aiService", "email", "usage", "users", "dashboard", "adminFeedback", "supporterGrant", "dailyCheckin"];
    for (const ns of consoleOnly) {
      expect(staff.has(ns), `${ns} is read on a staff page`).toBe(true);
      expect(SHELL_NAMESPACES as readonly string[], ns).not.toContain(ns);
      expect(SHARED_PAGE_NAMESPACES as readonly string[], ns).not.toContain(ns);
    }
  });

  it("the walk finds what it should: a namespace read only inside a lazily loaded piece counts", () => {
    // The language menu loads on first use (components/layout/language-switcher.tsx).
    const found = namespacesReachable(["components/layout/language-switcher.tsx"]);
    expect(found.get("language")).toEqual(expect.arrayContaining(["components/layout/language-button.tsx", "components/layout/language-menu.tsx"]));
  });

  it("a page's provider carries the root's namespaces too: an error or not-found screen renders inside it", () => {
    const sent = Object.keys(pageMessages(zhTW as Messages, SHELL_NAMESPACES));
    expect(sent).toEqual(expect.arrayContaining([...ROOT_NAMESPACES, ...SHELL_NAMESPACES]));
    expect(sent).toContain("fatal");
    for (const file of ["components/layout/app-shell.tsx", "app/shared/layout.tsx"]) {
      expect(readFileSync(path.join(root, file), "utf8"), file).toMatch(/pageMessages\(/);
    }
  });

  it("every listed namespace exists, and picking keeps exactly those", () => {
    for (const ns of [...ROOT_NAMESPACES, ...SHARED_PAGE_NAMESPACES, ...SHELL_NAMESPACES]) expect(zhTW, ns).toHaveProperty(ns);
    const picked = pickMessages(zhTW as Messages, SHARED_PAGE_NAMESPACES as readonly Namespace[]);
    expect(Object.keys(picked).sort()).toEqual([...SHARED_PAGE_NAMESPACES].sort());
    expect(picked.shared).toBe(zhTW.shared);
  });
});
