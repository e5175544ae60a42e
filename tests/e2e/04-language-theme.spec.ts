import { expect, test } from "@playwright/test";
import { newAccount, type Account } from "./support/accounts";
import { signIn } from "./support/helpers";

test.describe("language and theme", () => {
  // Signing in records the account's language (campaigns speak it): an account of this spec's own.
  let owner: Account;
  test.beforeAll(async () => {
    owner = await newAccount({ prefix: "language" });
  });

  test("zh-TW by default; English persists across reloads and sign-in; back to Chinese", async ({ page }) => {
    await page.goto("/guide");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
    await expect(page.getByRole("heading", { name: "使用指南", level: 1 })).toBeVisible();

    await page.getByTestId("language-switcher").click();
    await page.getByTestId("language-en").click();
    await expect(page.getByRole("heading", { name: "User guide", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");

    await page.reload();
    await expect(page.getByRole("heading", { name: "User guide", level: 1 })).toBeVisible();

    // Signing in keeps the language; server messages come back in English too.
    await page.goto("/auth");
    await page.locator("#signin-email").fill(owner.email);
    await page.locator("#signin-password").fill("wrong-password");
    await page.getByTestId("signin-submit").click();
    await expect(page.getByText("Wrong email or password")).toBeVisible();
    await page.locator("#signin-password").fill(owner.password);
    await page.getByTestId("signin-submit").click();
    await expect(page.getByText("Signed in", { exact: true })).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { name: "Your document assistant" })).toBeVisible();

    await page.getByTestId("language-switcher").click();
    await page.getByTestId("language-zh-TW").click();
    await expect(page.getByRole("heading", { name: "你的文件助理" })).toBeVisible();
  });

  test("localStorage.language alone is enough to bring the language back", async ({ page }) => {
    await page.goto("/guide");
    await page.evaluate(() => localStorage.setItem("language", "en"));
    await page.context().clearCookies();
    await page.reload();
    await expect(page.getByRole("heading", { name: "User guide", level: 1 })).toBeVisible();
  });

  test("light theme by default, dark on demand, remembered", async ({ page }) => {
    await signIn(page, owner.email, owner.password);
    await page.goto("/guide");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBg).not.toBe(lightBg);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    // The server draws the next page dark itself (a cookie tells it): no white frame before the
    // script would have set it, which Chromium painted on every page for a reader who chose dark.
    expect(await (await page.request.get("/guide")).text()).toMatch(/<html lang="zh-TW" class="dark" style="color-scheme:dark"/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    expect(await (await page.request.get("/guide")).text()).toMatch(/<html lang="zh-TW" class="light" style="color-scheme:light"/);
  });

  test("a dark theme chosen before the server knew of it: shown at once, and the server draws it from the next page on", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/guide");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    expect((await context.cookies()).some((c) => c.name === "theme")).toBe(false);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
    expect(await (await page.request.get("/auth")).text()).toMatch(/<html lang="zh-TW" class="dark"/);
    await context.close();
  });
});
