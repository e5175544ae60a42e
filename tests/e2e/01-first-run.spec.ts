import { expect, test } from "@playwright/test";
import { ownInstance } from "./support/app-instance";
import { ADMIN } from "./support/helpers";
import { FIRST_RUN_PORT } from "./support/ports";

// A fresh install of its own: the suite's server already has its first admin.
test.use({ baseURL: ownInstance(test, { port: FIRST_RUN_PORT, prefix: "docchat-first-run-" }) });

test.describe("first run", () => {
  test("a new visitor is led to create the first admin, and only once", async ({ page }) => {
    await page.goto("/");
    // Signed out on a fresh install: the home page sends to sign-in, which sends to first-run setup.
    await page.waitForURL("**/trial-setup");
    await expect(page.getByRole("heading", { name: "建立管理員帳戶" })).toBeVisible();

    // Client-side validation in Chinese, nothing sent.
    await page.getByTestId("setup-submit").click();
    await expect(page.getByTestId("setup-email-error")).toHaveText("請輸入有效的電子郵件地址");
    await expect(page.getByTestId("setup-password-error")).toHaveText("密碼至少需要 8 個字元");

    await page.locator("#setup-displayName").fill(ADMIN.name);
    await page.locator("#setup-email").fill(ADMIN.email);
    await page.locator("#setup-password").fill(ADMIN.password);
    await page.locator("#setup-confirmPassword").fill("different-password");
    await page.getByTestId("setup-submit").click();
    await expect(page.getByTestId("setup-confirmPassword-error")).toHaveText("兩次輸入的密碼不一致");

    await page.locator("#setup-confirmPassword").fill(ADMIN.password);
    await page.getByTestId("setup-submit").click();
    await expect(page.getByText("管理員帳戶已建立")).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("home")).toBeVisible();
    await expect(page.getByTestId("account-menu")).toContainText(ADMIN.name);

    // The setup is done for good: the page now says so, and the old paths redirect to it.
    for (const path of ["/trial-setup", "/setup", "/admin/trial-setup"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/trial-setup$/);
      await expect(page.getByTestId("setup-done")).toBeVisible();
    }
    // Signed in, it does not ask them to sign in: 繼續 takes the admin home.
    await expect(page.getByTestId("setup-done")).toContainText(`管理員帳戶已經存在，你已登入為 ${ADMIN.name}。`);
    await expect(page.getByTestId("setup-done")).not.toContainText("請使用你的帳戶登入");
    await page.getByRole("link", { name: "繼續" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // Signed out, it sends them to sign in.
    const signedOut = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
    const visitor = await signedOut.newPage();
    await visitor.goto("/trial-setup");
    await expect(visitor.getByTestId("setup-done")).toContainText("管理員帳戶已經存在。請使用你的帳戶登入。");
    await visitor.getByRole("link", { name: "前往登入" }).click();
    await visitor.waitForURL((url) => url.pathname === "/auth");
    await signedOut.close();
    const again = await page.request.post("/api/trial-setup", {
      data: { email: "second@example.com", password: "another-pass-1", displayName: "Second" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(again.status()).toBe(409);
  });
});
