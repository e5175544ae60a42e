import { expect, test, type Page } from "@playwright/test";
import { ADMIN, createUserAsAdmin, signIn, uniqueEmail } from "./support/helpers";

// docs/rules/roles-and-routes.md#route-table, route by route: who may see it, and where everyone else goes.
const ADMIN_ONLY = [
  "/admin/users",
  "/user-management",
  "/admin/feedback",
  "/admin/email-progress",
  "/admin/email-management",
  "/admin/api-usage",
  "/admin/ai-service",
];
const STAFF = ["/admin", "/daily-checkin"];
// "/" too: the workspace, or for someone without one, what they can use here (never 權限不足).
const SIGNED_IN = ["/", "/account", "/subscribe"];
// Shared pages are public too: a live share opens for anyone (13-shared-page), an unknown one is
// the share's own not-found page, checked below.
const PUBLIC = ["/guide", "/auth", "/trial-setup", "/support", "/feedback"];

async function expectAllowed(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  await expect(page.getByTestId("forbidden")).toHaveCount(0);
  expect(new URL(page.url()).pathname, path).toBe(path);
}

async function expectForbidden(page: Page, path: string, redirectTo: "/admin" | "/auth") {
  await page.goto(path);
  await expect(page.getByText("權限不足").first(), path).toBeVisible();
  await page.waitForURL((url) => url.pathname === redirectTo);
}

test.describe("route guards", () => {
  const manager = { email: uniqueEmail("manager"), password: "manager-pass-1", name: "經理人", role: "manager" };
  const user = { email: uniqueEmail("member"), password: "member-pass-1", name: "會員", role: "user" };

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await createUserAsAdmin(page, manager);
    await createUserAsAdmin(page, user);
    await page.close();
  });

  test("signed out: protected pages go to /auth, public pages open, unknown paths are not found", async ({ page }) => {
    for (const path of [...ADMIN_ONLY, ...STAFF, ...SIGNED_IN]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/auth\?next=/);
    }
    for (const path of PUBLIC.filter((p) => p !== "/trial-setup")) await expectAllowed(page, path);
    await page.goto("/share");
    await expect(page).toHaveURL(/\/auth\?next=%2F$/);
    const unknownShare = await page.goto("/shared/some-share-id");
    expect(unknownShare?.status()).toBe(404);
    await expect(page).toHaveURL(/\/shared\/some-share-id$/);
    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByText("找不到頁面")).toBeVisible();
  });

  test("a forged x-middleware-subrequest header gets nothing more", async ({ browser }) => {
    const forged = { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" };
    const anonymous = await browser.newContext({ extraHTTPHeaders: forged });
    const page = await anonymous.newPage();
    for (const path of ["/admin", "/admin/users", "/"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/auth\?next=/);
      await expect(page.getByTestId("users-search")).toHaveCount(0);
    }
    expect((await page.request.get("/api/users", { headers: forged })).status()).toBe(401);
    await anonymous.close();

    // Signed in as an ordinary user (so the proxy lets the request through), the page itself refuses.
    const member = await browser.newContext({ extraHTTPHeaders: forged });
    const memberPage = await member.newPage();
    await signIn(memberPage, user.email, user.password);
    await expectForbidden(memberPage, "/admin/users", "/auth");
    expect((await memberPage.request.get("/api/users", { headers: forged })).status()).toBe(403);
    await member.close();
  });

  test("an ordinary user: 權限不足 then /auth on staff and admin pages", async ({ page }) => {
    await signIn(page, user.email, user.password);
    for (const path of SIGNED_IN) await expectAllowed(page, path);
    for (const path of [...STAFF, ...ADMIN_ONLY]) await expectForbidden(page, path, "/auth");
    expect((await page.request.get("/api/users")).status()).toBe(403);
    // The console's layout turns them away with a whole document from the server (its language,
    // its stylesheet, 權限不足 in the HTML), not Next's bare error document that shows nothing
    // until the scripts have drawn it.
    const console = await (await page.request.get("/admin")).text();
    expect(console).toMatch(/^<!DOCTYPE html><html lang="zh-TW"/);
    expect(console).toContain('rel="stylesheet"');
    expect(console).toMatch(/data-testid="forbidden"[^]*權限不足/);
    // Signed in and sent to sign-in with the workspace as the page asked for: 繼續 goes home,
    // which says what they can use without a workspace rather than turning them away.
    await page.goto("/auth?next=%2F");
    await page.getByRole("link", { name: "繼續" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("no-workspace")).toBeVisible();
    await expect(page.getByTestId("forbidden")).toHaveCount(0);
  });

  test("a manager: the console, check-in and the workspace open; admin-only pages say 權限不足 and go to /admin", async ({ page }) => {
    await signIn(page, manager.email, manager.password);
    // Managers make assistants from documents, as admins do: the workspace at "/" is theirs too.
    for (const path of ["/", ...STAFF, ...SIGNED_IN]) await expectAllowed(page, path);
    for (const path of ADMIN_ONLY.filter((p) => p !== "/")) await expectForbidden(page, path, "/admin");
  });

  test("an admin opens every page", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const path of [...ADMIN_ONLY, ...STAFF, ...SIGNED_IN]) await expectAllowed(page, path);
    await page.goto("/share");
    await expect(page).toHaveURL(/\/$/);
  });
});
