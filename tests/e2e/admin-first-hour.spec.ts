import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/accessibility";
import { ADMIN, createUserAsAdmin, signIn, uniqueEmail } from "./support/helpers";
import { E2E_BASE_URL } from "./support/ports";

// A new person's first hour, where it takes a real browser and server: the
// chat header's share button gives one link per assistant and says it is on the clipboard; a share
// link that leads nowhere answers 404, or 410 once its owner ended it, with a page that says so in
// the reader's language and a way home. Stands alone: its own owner and shares, made here.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A new admin of their own (so their shares are theirs alone), signed in on `page`. */
async function signInAsNewOwner(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password);
  const owner = { email: uniqueEmail("first-hour"), password: "owner-password-1", name: "第一小時", role: "admin" };
  await createUserAsAdmin(page, owner);
  await page.context().clearCookies();
  await signIn(page, owner.email, owner.password);
  return new URL(page.url()).origin;
}

/** A visitor's page: signed out, in a language and theme, at a size. */
async function visitor(browser: Browser, options: { viewport: { width: number; height: number }; locale?: "zh-TW" | "en"; dark?: boolean }) {
  const context = await browser.newContext({ viewport: options.viewport });
  if (options.locale === "en") await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E_BASE_URL }]);
  if (options.dark) await context.addInitScript(() => localStorage.setItem("theme", "dark"));
  return { context, page: await context.newPage() };
}

/** The newest toast with this title, and its description. */
function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });
}

test.describe("the share button in the chat header", () => {
  test("one link per assistant: the first press makes it, later presses hand out the same one; each time it is copied, said so and opened", async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    const origin = await signInAsNewOwner(page);
    expect((await page.request.post("/api/assistant", { data: { name: "清運小幫手", rolePrompt: "你是環保局客服。" }, headers: { origin } })).status()).toBe(200);
    await page.goto("/");
    const button = page.getByTestId("chat-header").getByTestId("share-assistant-button");
    await expect(button).toHaveAccessibleName("分享為助手");

    const opened = context.waitForEvent("page");
    await button.click();
    const tab = await opened;
    await tab.waitForLoadState("domcontentloaded");
    const link = tab.url();
    expect(link).toMatch(/\/shared\/[\w-]+$/);
    await expect(tab.getByTestId("shared-title").filter({ visible: true })).toHaveText("清運小幫手");
    await tab.close();
    // Back on the chat, the toast says where the link is, and that it is new.
    await page.bringToFront();
    const first = toast(page, "頁面連結已複製到剪貼簿");
    await expect(first).toBeVisible();
    await expect(first).toContainText("已建立新的分享連結，並嘗試在新分頁開啟");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Again: the same link, said to be the one the assistant already has.
    await page.evaluate(() => navigator.clipboard.writeText(""));
    const reopened = context.waitForEvent("page");
    await button.click();
    const again = await reopened;
    expect(again.url()).toBe(link);
    await again.close();
    await page.bringToFront();
    await expect(toast(page, "頁面連結已複製到剪貼簿").filter({ hasText: "這是此助手先前建立的分享連結（沒有另建新連結）" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The shares tab lists that one link, marked as the button's.
    await page.goto("/?tab=shares");
    const rows = page.getByTestId("share-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId("share-link")).toHaveText(link);
    await expect(rows.getByTestId("share-quick-link")).toHaveText("分享按鈕的連結");
    await context.close();
  });
});

test.describe("a share link that leads nowhere", () => {
  let unknown: string;
  let ended: string;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    const origin = await signInAsNewOwner(page);
    const made = await page.request.post("/api/shared-assistants", { data: { name: "即將結束的助手", rolePrompt: "", includeDocuments: true }, headers: { origin } });
    expect(made.status()).toBe(201);
    ended = ((await made.json()) as { shareId: string }).shareId;
    expect((await page.request.get(`/shared/${ended}`)).status()).toBe(200);
    expect((await page.request.delete(`/api/shared-assistants/${ended}`, { headers: { origin } })).status()).toBe(200);
    // Shaped like a share id, but no share ever had it.
    unknown = "NoSuchShare0";
    await page.close();
  });

  test("answers 404 for an unknown or malformed link and 410 for a revoked one, each saying so, with no badges and no reload but a way home", async ({ browser }) => {
    const { context, page } = await visitor(browser, { viewport: DESKTOP });
    const cases = [
      { path: `/shared/${unknown}`, status: 404, title: "找不到此共享助手，請確認連結是否正確", tab: "找不到此共享助手 · AI 文件助理" },
      { path: "/shared/bad!id", status: 404, title: "無效的共享助手連結", tab: "找不到此共享助手 · AI 文件助理" },
      { path: `/shared/${ended}`, status: 410, title: "此分享連結已結束", tab: "此分享連結已結束 · AI 文件助理" },
    ];
    for (const { path, status, title, tab } of cases) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(status);
      await expect(page.getByTestId("share-unavailable-title")).toHaveText(title);
      await expect(page).toHaveTitle(tab);
      await expect(page.getByTestId("shared-badges")).toHaveCount(0);
      await expect(page.getByText("線上服務")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "重新載入" })).toHaveCount(0);
      await expect(page.getByTestId("share-unavailable-home")).toHaveAttribute("href", "/");
    }
    await expect(page.getByTestId("share-unavailable-detail")).toHaveText("助手的擁有者已結束這個分享連結，無法再透過它對話。如需繼續使用，請向分享給您的人索取新的連結。");
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    await expectNoSeriousViolations(page, "ended share zh-TW light 1366");

    // Their previews do not break: an image that says so.
    for (const id of [unknown, ended]) {
      const image = await page.request.get(`/shared/${id}/opengraph-image`);
      expect(image.status(), id).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }

    await page.getByTestId("share-unavailable-home").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/shared"));
    await context.close();
  });

  test("reads in English, dark, and fits a phone", async ({ browser }) => {
    const { context, page } = await visitor(browser, { viewport: PHONE, locale: "en", dark: true });
    const res = await page.goto(`/shared/${ended}`);
    expect(res?.status()).toBe(410);
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByTestId("share-unavailable-title")).toHaveText("This share link has ended");
    await expect(page.getByTestId("share-unavailable-home")).toHaveText("Back to home");
    await expect(page).toHaveTitle("This share link has ended · AI Document Assistant");
    // All of it on the phone's screen: nothing wider, the way home in view without scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByTestId("share-unavailable-home")).toBeInViewport();
    await expectNoSeriousViolations(page, "ended share en dark 390");

    expect((await page.goto(`/shared/${unknown}`))?.status()).toBe(404);
    await expect(page.getByTestId("share-unavailable-title")).toHaveText("This shared assistant was not found. Check the link.");
    await context.close();
  });
});
