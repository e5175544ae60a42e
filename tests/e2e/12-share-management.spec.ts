import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newAccount } from "./support/accounts";
import { signIn } from "./support/helpers";

// The owner's side of sharing: the chat header's share-as-assistant button and the workspace's
// shares tab (its create button runs the same code, useShareLink).

const SHARES = "/api/shared-assistants";

/** A fresh admin per test, so each test starts with no shares of its own. */
async function signInAsNewOwner(page: Page) {
  const owner = await newAccount({ prefix: "share-owner", name: "分享者" });
  await signIn(page, owner.email, owner.password);
  return new URL(page.url()).origin;
}

async function setAssistant(page: Page, origin: string, name: string, rolePrompt: string) {
  const res = await page.request.post("/api/assistant", { data: { name, rolePrompt }, headers: { origin } });
  expect(res.status()).toBe(200);
}

/** The shared page answers 200 and is titled with the share's name. */
async function expectSharedPage(request: APIRequestContext, url: string, name: string) {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(await res.text()).toMatch(new RegExp(`<title>${name}[^<]*</title>`));
}

/** Sends the edit form with an announcement the field itself would not let anyone type. */
async function saveWithOversizedAnnouncement(page: Page) {
  const inject = async (route: import("@playwright/test").Route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    const body = JSON.parse(route.request().postData() ?? "{}");
    await route.continue({ postData: JSON.stringify({ ...body, pinnedAnnouncement: "公".repeat(2_001) }) });
  };
  await page.route(`**${SHARES}/*`, inject);
  await page.getByTestId("share-edit-save").click();
  await expect(page.getByTestId("share-announcement-text-input-error")).toBeVisible();
  await page.unroute(`**${SHARES}/*`, inject);
}

test.describe("share management", () => {
  test("the chat header's share button turns the assistant into a link: copied, toasted, opened, listed", async ({ page }) => {
    const origin = await signInAsNewOwner(page);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await setAssistant(page, origin, "清運小幫手", "你是環保局客服。");
    await page.goto("/");
    const opened = page.context().waitForEvent("page");
    await page.getByTestId("share-assistant-button").click();
    await expect(page.getByText("頁面連結已複製到剪貼簿", { exact: true })).toBeVisible();
    const tab = await opened;
    await tab.waitForLoadState("domcontentloaded");
    expect(tab.url()).toMatch(/\/shared\/[\w-]+$/);
    await expect(tab.getByTestId("shared-title").filter({ visible: true })).toHaveText("清運小幫手");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tab.url());
    await tab.close();
    const [share] = await (await page.request.get(SHARES)).json();
    expect(share).toMatchObject({ name: "清運小幫手", rolePrompt: "你是環保局客服。", includeDocuments: true, shareUrl: tab.url() });

    // The server refuses: 分享失敗 with its text (docs/rules/sharing.md#the-quick-link), and nothing new is listed.
    await page.route("**/api/assistant/share-link*", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.getByTestId("share-assistant-button").click();
    await expect(page.getByText("分享失敗", { exact: true })).toBeVisible();
    await expect(page.getByText("無法創建共享助手，請稍後再試", { exact: true })).toBeVisible();
    await page.unroute("**/api/assistant/share-link*");
    expect(await (await page.request.get(SHARES)).json()).toHaveLength(1);
  });

  test("create from the shares tab: link copied and opened; edit; server and form errors on the fields; English", async ({ page }) => {
    const origin = await signInAsNewOwner(page);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await setAssistant(page, origin, "稅務小幫手", "你是稅務顧問。");

    await page.goto("/?tab=shares");
    await expect(page.getByTestId("tab-shares")).toHaveAttribute("data-state", "active");
    await expect(page.getByTestId("shares-empty")).toContainText("還沒有分享任何助手");
    await expect(page.getByTestId("shares-empty")).toContainText("分享為助手");

    // One click: the share exists, its link is on the clipboard and opens in a new tab.
    const opened = page.context().waitForEvent("page");
    await page.getByTestId("create-share").click();
    await expect(page.getByText("頁面連結已複製到剪貼簿", { exact: true })).toBeVisible();
    const row = page.getByTestId("share-row");
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("share-name")).toHaveText("稅務小幫手");
    const link = (await row.getByTestId("share-link").textContent())!;
    expect(link).toMatch(/\/shared\/[\w-]+$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const tab = await opened;
    await tab.waitForLoadState("domcontentloaded");
    expect(tab.url()).toBe(link);
    await expect(tab).toHaveTitle(/稅務小幫手/);
    await tab.close();
    await expectSharedPage(page.request, link, "稅務小幫手");

    await expect(row.getByTestId("share-message-count")).toHaveText("0 則訊息");
    await expect(row.getByTestId("share-access")).toHaveText("任何人可用");
    await expect(row.getByTestId("share-public")).toHaveText("保留訪客對話");
    await expect(row.getByTestId("share-announcement")).toHaveCount(0);

    // The copy button puts the same link on the clipboard.
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await row.getByTestId("share-copy").click();
    await expect(page.getByText("連結已複製", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(row.getByTestId("share-open")).toHaveAttribute("href", link);

    // Edit every field; the list shows the result, and it survives a reload.
    await row.getByTestId("share-edit").click();
    const dialog = page.getByTestId("share-edit-dialog");
    await expect(dialog.getByTestId("share-edit-name")).toHaveValue("稅務小幫手");
    await dialog.getByTestId("share-edit-name").fill("報稅問答");
    await dialog.getByTestId("share-edit-role").fill("你是親切的報稅顧問。");
    await dialog.getByTestId("share-edit-public").click();
    await dialog.getByTestId("share-edit-access").selectOption("google_required");
    await dialog.getByTestId("share-edit-announcement-enabled").click();
    await dialog.getByTestId("share-edit-announcement").fill("五月報稅季，回覆可能較慢。");
    await dialog.getByTestId("share-edit-save").click();
    await expect(page.getByText("分享設定已儲存", { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId("share-name")).toHaveText("報稅問答");
    await expect(row.getByTestId("share-access")).toHaveText("需 Google 登入");
    await expect(row.getByTestId("share-public")).toHaveText("公開模式");
    await expect(row.getByTestId("share-announcement")).toHaveText("置頂公告");
    await page.reload();
    await expect(row.getByTestId("share-name")).toHaveText("報稅問答");
    const [saved] = await (await page.request.get(SHARES)).json();
    expect(saved).toMatchObject({ name: "報稅問答", rolePrompt: "你是親切的報稅顧問。", isPublicMode: true, accessMode: "google_required", announcementEnabled: true, pinnedAnnouncement: "五月報稅季，回覆可能較慢。" });
    await expectSharedPage(page.request, link, "報稅問答");

    // A name left empty is caught before sending; the server's own refusal lands on its field too.
    await row.getByTestId("share-edit").click();
    await dialog.getByTestId("share-edit-name").fill("   ");
    await dialog.getByTestId("share-edit-save").click();
    await expect(page.getByTestId("share-name-input-error")).toHaveText("請輸入助理名稱");
    await expect(dialog.getByTestId("share-edit-name")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByTestId("share-edit-name").fill("報稅問答");
    await saveWithOversizedAnnouncement(page);
    await expect(page.getByTestId("share-announcement-text-input-error")).toHaveText("公告內容最多 2000 個字元");
    await expect(page.getByText("分享設定儲存失敗", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // English: the tab, the list and the errors.
    await page.getByTestId("language-switcher").click();
    await page.getByTestId("language-en").click();
    await expect(page.getByTestId("tab-shares")).toHaveText("Shares");
    await expect(page.getByRole("heading", { name: "Shared assistants" })).toBeVisible();
    await expect(row.getByTestId("share-access")).toHaveText("Google sign-in");
    await expect(row.getByTestId("share-public")).toHaveText("Public mode");
    await expect(row.getByTestId("share-message-count")).toHaveText("0 messages");
    await row.getByTestId("share-edit").click();
    await expect(dialog.getByRole("heading", { name: "Edit shared assistant" })).toBeVisible();
    await dialog.getByTestId("share-edit-name").fill("");
    await dialog.getByTestId("share-edit-save").click();
    await expect(page.getByTestId("share-name-input-error")).toHaveText("Enter a name for the assistant");
    await dialog.getByTestId("share-edit-name").fill("Tax Q&A");
    await saveWithOversizedAnnouncement(page);
    await expect(page.getByTestId("share-announcement-text-input-error")).toHaveText("The announcement can have at most 2000 characters");
    await dialog.getByTestId("share-edit-save").click();
    await expect(page.getByText("Share settings saved", { exact: true })).toBeVisible();
    await expect(row.getByTestId("share-name")).toHaveText("Tax Q&A");
  });

  test("replace a link and revoke a share, by keyboard: old links stop at once", async ({ page }) => {
    const origin = await signInAsNewOwner(page);
    const created = await page.request.post(SHARES, { data: { name: "校園問答", rolePrompt: "你回答校園問題。", includeDocuments: true }, headers: { origin } });
    expect(created.status()).toBe(201);
    const first = await created.json();

    await page.goto("/?tab=shares");
    const row = page.getByTestId("share-row");
    await expect(row.getByTestId("share-link")).toHaveText(first.shareUrl);

    // Replace: asked first; Escape keeps the link and gives focus back.
    const rotate = row.getByTestId("share-rotate");
    await rotate.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("share-rotate-dialog")).toContainText("舊連結會立即失效");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("share-rotate-dialog")).toHaveCount(0);
    await expect(rotate).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByTestId("share-rotate-confirm").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("已更換連結", { exact: true })).toBeVisible();
    await expect(row.getByTestId("share-link")).not.toHaveText(first.shareUrl);
    const replaced = (await row.getByTestId("share-link").textContent())!;
    const newShareId = replaced.split("/shared/")[1];
    expect((await page.request.get(`${SHARES}/${first.shareId}`)).status()).toBe(404);
    expect((await page.request.get(`${SHARES}/${newShareId}`)).status()).toBe(200);
    await expectSharedPage(page.request, replaced, "校園問答");
    // The old page no longer names the assistant: it shows the not-found state.
    expect(await (await page.request.get(first.shareUrl)).text()).toContain("<title>找不到此共享助手");

    // Revoke: the link answers 404 at once and the list is empty again.
    await row.getByTestId("share-revoke").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("share-revoke-dialog")).toContainText("校園問答");
    await page.getByTestId("share-revoke-confirm").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("分享已撤銷", { exact: true })).toBeVisible();
    await expect(page.getByTestId("shares-empty")).toBeVisible();
    expect((await page.request.get(`${SHARES}/${newShareId}`)).status()).toBe(404);
    expect(await (await page.request.get(SHARES)).json()).toEqual([]);
  });

  test("a refused creation shows 分享失敗 and adds nothing", async ({ page }) => {
    await signInAsNewOwner(page);
    await page.route(`**${SHARES}`, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "伺服器發生錯誤" } }) }) : route.continue(),
    );
    await page.goto("/?tab=shares");
    await page.getByTestId("create-share").click();
    await expect(page.getByText("分享失敗", { exact: true })).toBeVisible();
    await expect(page.getByText("無法創建共享助手，請稍後再試", { exact: true })).toBeVisible();
    await expect(page.getByTestId("create-share")).toBeEnabled();
    await expect(page.getByTestId("share-row")).toHaveCount(0);
    expect(await (await page.request.get(SHARES)).json()).toEqual([]);
  });

  test("fits a 390 px phone: nothing wider than the screen, every action reachable", async ({ page }) => {
    const origin = await signInAsNewOwner(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const longName = "稅務小幫手：個人綜合所得稅申報問答與常見問題整理專區";
    expect((await page.request.post(SHARES, { data: { name: longName, rolePrompt: "", includeDocuments: true }, headers: { origin } })).status()).toBe(201);
    await page.goto("/?tab=shares");
    const row = page.getByTestId("share-row");
    await expect(row.getByTestId("share-name")).toHaveText(longName);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const id of ["share-edit", "share-rotate", "share-revoke", "share-copy", "share-open"]) await expect(row.getByTestId(id)).toBeInViewport();
    await row.getByTestId("share-edit").click();
    await expect(page.getByTestId("share-edit-save")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
