import { expect, test } from "@playwright/test";
import { popupClosed } from "./support/helpers";
import { GOOGLE_USER } from "./support/ports";
import { apiAs, newAccount } from "./support/accounts";
import { createShare, sharedPageSettled } from "./support/shares";

// The whole OpenID flow against a real provider on loopback (tests/e2e/support/serve.mjs), on a
// real share of an owner of this spec's own (an unknown share id is a 404 page with no sign-in).
test.describe("Google sign-in", () => {
  let shareId = "";
  test.beforeAll(async () => {
    const api = await apiAs(await newAccount({ prefix: "google-owner" }));
    shareId = await createShare(api, "Google 登入測試");
    await api.dispose();
  });

  test("an anonymous guest on a shared page becomes a signed-in Google user (redirect flow)", async ({ page }) => {
    await page.goto(`/shared/${shareId}`);
    expect(await (await page.request.get("/api/guest/auth-status")).json()).toEqual({ isAuthenticated: false, user: null });

    await page.goto(`/api/auth/google?shareId=${shareId}`);
    await page.waitForURL(`**/shared/${shareId}`);
    // auth=success was cleared from the address after the toast.
    await expect(page.getByText("登入成功")).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByTestId("shared-signed-in")).toContainText(GOOGLE_USER.name);

    const status = await (await page.request.get("/api/guest/auth-status")).json();
    expect(status.isAuthenticated).toBe(true);
    expect(status.user.displayName).toBe(GOOGLE_USER.name);
    const me = await (await page.request.get("/api/user")).json();
    // A Google sign-in never grants more than an ordinary user.
    expect(me.role).toBe("user");
    expect(me.googleLinked).toBe(true);
    const cookie = (await page.context().cookies()).find((c) => c.name === "next-auth.session-token");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");

    // Signing out on the shared page: toast, then a reload shows the sign-in button again.
    await page.getByTestId("shared-sign-out").click();
    await expect(page.getByText("登出成功")).toBeVisible();
    await expect(page.getByTestId("shared-sign-in")).toBeVisible();
  });

  test("desktop popup: the popup reports success to the page and closes", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The toast lives only until the page reloads 1 s later; on a loaded machine Playwright may
    // look after that, so every text the page ever shows is recorded through a binding that
    // outlives the reload.
    const shown: string[] = [];
    await page.exposeFunction("__e2eShown", (text: string) => shown.push(text));
    await page.addInitScript(() => {
      const report = (window as unknown as { __e2eShown: (t: string) => void }).__e2eShown;
      new MutationObserver(() => report(document.body?.innerText ?? "")).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.goto(`/shared/${shareId}`);
    await sharedPageSettled(page);
    const popupPromise = page.waitForEvent("popup");
    await page.getByTestId("shared-sign-in").click();
    const popup = await popupPromise;
    await popupClosed(popup);
    await expect.poll(() => shown.some((text) => text.includes("登入成功")), { timeout: 10_000 }).toBe(true);
    // The page reloads after 1 s and shows the signed-in user.
    await expect(page.getByTestId("shared-signed-in")).toContainText(GOOGLE_USER.name);
  });

  test("desktop popup whose message never arrives: the page finds the session itself, says so and reloads", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // In the popup only (window.name), the opener it posts to is a stand-in: the message is lost.
    await context.addInitScript(() => {
      if (window.name !== "google-signin") return;
      Object.defineProperty(window, "opener", { get: () => ({ closed: false, postMessage: () => undefined }) });
    });
    const page = await context.newPage();
    const shown: string[] = [];
    await page.exposeFunction("__e2eShown", (text: string) => shown.push(text));
    await page.addInitScript(() => {
      const report = (window as unknown as { __e2eShown: (t: string) => void }).__e2eShown;
      new MutationObserver(() => report(document.body?.innerText ?? "")).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`/shared/${shareId}`);
    await sharedPageSettled(page);
    const popupPromise = page.waitForEvent("popup");
    await page.getByTestId("shared-sign-in").click();
    const popup = await popupPromise;
    await popupClosed(popup);
    await expect.poll(() => shown.some((text) => text.includes("登入成功")), { timeout: 10_000 }).toBe(true);
    await expect(page.getByTestId("shared-signed-in")).toContainText(GOOGLE_USER.name);
    await context.close();
  });

  test("mobile: a full-page redirect instead of a popup", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    });
    const page = await context.newPage();
    await page.goto(`/shared/${shareId}`);
    await sharedPageSettled(page);
    await page.getByTestId("shared-sign-in").click();
    await page.waitForURL(`**/shared/${shareId}`);
    await expect(page.getByText("登入成功")).toBeVisible();
    const status = await (await page.request.get("/api/guest/auth-status")).json();
    expect(status.isAuthenticated).toBe(true);
    await context.close();
  });
});
