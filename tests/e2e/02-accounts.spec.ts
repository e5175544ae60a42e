import { expect, request, test } from "@playwright/test";
import { ADMIN, register, signIn, uniqueEmail } from "./support/helpers";

test.describe("accounts", () => {
  test("register, sign out, fail to sign in, sign in, change the password", async ({ page }) => {
    const user = { email: uniqueEmail("reader"), password: "reader-pass-1", name: "讀者" };

    // Validation happens before anything is sent.
    await page.goto("/auth?tab=register");
    await page.getByTestId("register-submit").click();
    await expect(page.getByTestId("register-displayName-error")).toHaveText("請輸入顯示名稱");

    await register(page, user);
    // While the workspace is for admins only, an ordinary user's home says so and what they can use.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("no-workspace")).toBeVisible();
    await page.goto("/account");
    await expect(page.getByTestId("account-email")).toHaveText(user.email);
    await expect(page.getByTestId("plan-status")).toHaveText("免費方案");
    await expect(page.getByTestId("referral-code")).toHaveText(/^[A-Z0-9]{8}$/);

    // Sign out from the account menu: toast, then the landing page "/" (which sends to /auth).
    await page.getByTestId("account-menu").click();
    await page.getByTestId("sign-out").click();
    await expect(page.getByText("登出成功")).toBeVisible();
    await page.waitForURL("**/auth?next=%2F");
    expect((await page.request.get("/api/user")).status()).toBe(401);

    // A wrong password: 登入失敗 with the server's message.
    await page.locator("#signin-email").fill(user.email);
    await page.locator("#signin-password").fill("not-the-password");
    await page.getByTestId("signin-submit").click();
    await expect(page.getByText("登入失敗", { exact: true })).toBeVisible();
    await expect(page.getByText("電子郵件或密碼錯誤")).toBeVisible();

    // Signing in on the page the sign-out left them on (/auth?next=/): an ordinary user without a
    // workspace lands on the home that says what they can use, not on 權限不足 and back to sign in.
    await page.locator("#signin-email").fill(user.email);
    await page.locator("#signin-password").fill(user.password);
    await page.getByTestId("signin-submit").click();
    await expect(page.getByText(`歡迎回來，${user.name}！`)).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("no-workspace")).toBeVisible();
    await expect(page.getByTestId("forbidden")).toHaveCount(0);

    await page.goto("/account");

    await page.locator("#pw-current").fill(user.password);
    await page.locator("#pw-new").fill("reader-pass-2");
    await page.locator("#pw-confirm").fill("reader-pass-2");
    await page.getByTestId("password-submit").click();
    await expect(page.getByText("密碼已更新")).toBeVisible();
    // This session survives the change; the old password no longer works.
    expect((await page.request.get("/api/user")).status()).toBe(200);
    const old = await page.request.post("/api/login", {
      data: { email: user.email, password: user.password },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(old.status()).toBe(401);
  });

  test("a copy of the session cookie stops working after sign-out, and sign out everywhere ends every device", async ({ page, browser, baseURL }) => {
    const user = { email: uniqueEmail("devices"), password: "devices-pass-1", name: "多裝置" };
    await register(page, user);

    // Sign-out: a copy of the cookie taken before it (another browser holding it) is refused after.
    const copied = await request.newContext({ baseURL, storageState: await page.context().storageState() });
    expect((await copied.get("/api/user")).status()).toBe(200);
    await page.getByTestId("account-menu").click();
    await page.getByTestId("sign-out").click();
    await expect(page.getByText("登出成功")).toBeVisible();
    expect((await copied.get("/api/user")).status()).toBe(401);

    // Two devices signed in; "sign out everywhere" on one ends both, after a confirmation.
    await signIn(page, user.email, user.password);
    const phone = await browser.newPage();
    await signIn(phone, user.email, user.password);
    await page.goto("/account");
    await page.getByTestId("sign-out-everywhere").click();
    await expect(page.getByTestId("sign-out-everywhere-dialog")).toContainText("包括這個瀏覽器");
    await page.getByTestId("sign-out-everywhere-confirm").click();
    await expect(page.getByText("已登出所有裝置")).toBeVisible();
    await page.waitForURL("**/auth?next=%2F");
    expect((await page.request.get("/api/user")).status()).toBe(401);
    expect((await phone.request.get("/api/user")).status()).toBe(401);
    await phone.close();
    await copied.dispose();
  });

  test("the admin signs in and lands on the workspace home", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("home")).toBeVisible();
    await expect(page.getByTestId("feature-cards")).toBeVisible();
  });

  test("the server draws the header for whoever is signed in: their account button, never 登入 first, and no second look-up", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const path of ["/", "/account", "/guide", "/admin"]) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toMatch(/data-testid="account-menu"[^>]*>[^]*?站長/);
      expect(html, path).not.toContain('data-testid="sign-in-link"');
    }
    const lookups: string[] = [];
    const errors: string[] = [];
    page.on("request", (req) => new URL(req.url()).pathname === "/api/user" && lookups.push(req.method()));
    // A header the browser drew differently from the server would be a hydration error here.
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(String(error)));
    for (const path of ["/guide", "/account"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.getByTestId("account-menu")).toContainText(ADMIN.name);
      await expect(page.getByTestId("sign-in-link")).toHaveCount(0);
    }
    expect(lookups).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("after sign-in the user returns to the page they asked for", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Fusers$/);
    await page.locator("#signin-email").fill(ADMIN.email);
    await page.locator("#signin-password").fill(ADMIN.password);
    await page.getByTestId("signin-submit").click();
    await page.waitForURL("**/admin/users");
  });
});
