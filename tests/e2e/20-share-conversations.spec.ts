import { readFileSync } from "node:fs";
import { expect, request, test, type Browser, type Page } from "@playwright/test";
import { apiAs, newAccount, type Account } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/accessibility";
import { askInChat, createUserAsAdmin, signIn, uniqueEmail } from "./support/helpers";
import { E2E_BASE_URL } from "./support/ports";
import { createShare, ensureWasteDocument } from "./support/shares";

// This spec's own workspace owner: what it uploads, asks and shares is nobody else's (support/accounts.ts).
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount({ prefix: "conversations" });
});

// A share owner reads what visitors asked: a guest chats on the share, the owner finds the
// conversation on the shares tab, reads it, searches it and downloads it as CSV. Visitors are told
// under the input that the owner can read the conversation, except in public mode (nothing kept).

let shareId = "";
let publicShareId = "";
const SHARE_NAME = `對話紀錄小幫手 ${Date.now()}`;

test.beforeAll(async () => {
  const api = await apiAs(owner);
  await ensureWasteDocument(api);
  shareId = await createShare(api, SHARE_NAME);
  publicShareId = await createShare(api, "公開小幫手", { isPublicMode: true });
  await api.dispose();
});

async function guest(browser: Browser, options: { width?: number; locale?: string } = {}) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: options.width ?? 1280, height: 800 } });
  if (options.locale) await context.addCookies([{ name: "NEXT_LOCALE", value: options.locale, url: E2E_BASE_URL }]);
  return { context, page: await context.newPage() };
}

async function askOnShare(page: Page, question: string) {
  await askInChat(page, question, { send: "button" });
}

async function openConversations(page: Page) {
  await page.goto("/?tab=shares");
  const row = page.locator(`[data-testid="share-row"][data-share-id="${shareId}"]`);
  // By keyboard: focus the button, Enter opens the dialog.
  await row.getByTestId("share-conversations").focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("share-conversations-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("a share owner's view of visitors' conversations", () => {
  test("a guest chats, the owner reads, searches and downloads the conversation", async ({ browser, page }) => {
    test.setTimeout(90_000);
    const visitor = await guest(browser);
    await visitor.page.goto(`/shared/${shareId}`);
    await expect(visitor.page.getByTestId("owner-can-read")).toHaveText("此助手的擁有者可以查看這裡的對話內容。");
    await askOnShare(visitor.page, "資源回收是哪幾天？");
    await expect(visitor.page.getByTestId("message-assistant").last()).toContainText("每週二與週四");
    await askOnShare(visitor.page, "巨大垃圾要怎麼丟？");
    await expectNoSeriousViolations(visitor.page, "shared page with the notice");
    await visitor.context.close();

    await signIn(page, owner.email, owner.password);
    const dialog = await openConversations(page);
    await expect(dialog).toContainText(SHARE_NAME);
    const items = dialog.getByTestId("conversation-item");
    await expect(items).toHaveCount(1);
    await expect(items.first().getByTestId("conversation-visitor")).toHaveText(/^訪客 #[0-9A-F]{6}$/);
    await expect(items.first().getByTestId("conversation-preview")).toHaveText("資源回收是哪幾天？");
    await expect(items.first().getByTestId("conversation-count")).toHaveText("4 則訊息");
    await expectNoSeriousViolations(page, "conversations dialog zh-TW light 1280");

    // Read it (by keyboard from the list).
    await items.first().focus();
    await page.keyboard.press("Enter");
    const messages = dialog.getByTestId("conversation-messages");
    await expect(messages.getByTestId("conversation-message-user")).toHaveCount(2);
    await expect(messages.getByTestId("conversation-message-user").first()).toContainText("資源回收是哪幾天？");
    await expect(messages.getByTestId("conversation-message-assistant").first()).toContainText("每週二與週四");

    // Search: a word of the second question finds it, marked; another finds nothing.
    await dialog.getByTestId("conversation-search").fill("巨大垃圾");
    await expect(dialog.getByTestId("conversations-total")).toHaveText("找到 1 段對話");
    await expect(items.first().getByTestId("conversation-preview")).toHaveText("巨大垃圾要怎麼丟？");
    await expect(items.first().locator("mark")).toHaveText("巨大垃圾");
    await dialog.getByTestId("conversation-search").fill("沒有人問過這個");
    await expect(dialog.getByTestId("conversations-empty")).toHaveText(/找不到包含「沒有人問過這個」的對話/);
    await dialog.getByTestId("conversation-search").fill("");
    await expect(items).toHaveCount(1);

    // Download the CSV: the file the link streams.
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByTestId("conversation-export-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/-conversations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('"conversation_id","visitor","visitor_name","message_id","created_at","role","content","image_file_name","is_error"');
    expect(csv).toContain('"資源回收是哪幾天？"');
    expect(csv).toContain('"巨大垃圾要怎麼丟？"');
    expect(csv.trim().split("\r\n")).toHaveLength(5);

    // Another owner (an admin too) gets 404 for every view of it.
    const other = { email: uniqueEmail("other-owner"), password: "other-owner-pass-1", name: "另一位管理員", role: "admin" };
    await createUserAsAdmin(page, other);
    const stranger = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { origin: E2E_BASE_URL } });
    expect((await stranger.post("/api/login", { data: { email: other.email, password: other.password } })).status()).toBe(200);
    const conversationId = await items.first().getAttribute("data-conversation-id");
    for (const path of ["", "?q=%E8%B3%87%E6%BA%90", `/${conversationId}`, "/export?format=csv", "/export?format=jsonl"]) {
      expect((await stranger.get(`/api/shared-assistants/${shareId}/conversations${path}`)).status(), path).toBe(404);
    }
    await stranger.dispose();
  });

  test("public mode says nothing about reading, since nothing is kept", async ({ browser }) => {
    const visitor = await guest(browser);
    await visitor.page.goto(`/shared/${publicShareId}`);
    await expect(visitor.page.getByTestId("message-input")).toBeVisible();
    await expect(visitor.page.getByTestId("owner-can-read")).toHaveCount(0);
    await visitor.context.close();
  });

  test("reads well in English and dark on a phone: list, then one conversation, and back", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, owner.email, owner.password);
    await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E_BASE_URL }]);
    await page.evaluate(() => {
      localStorage.setItem("theme", "dark");
      localStorage.setItem("language", "en");
    });
    const dialog = await openConversations(page);
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(dialog).toContainText("Visitors' conversations on");
    await expect(dialog.getByTestId("conversation-item").first().getByTestId("conversation-count")).toHaveText("4 messages");
    await expectNoSeriousViolations(page, "conversations dialog en dark 390");
    await dialog.getByTestId("conversation-item").first().click();
    // On a phone the conversation takes the list's place, with the way back.
    await expect(dialog.getByTestId("conversation-list-pane")).toBeHidden();
    await expect(dialog.getByTestId("conversation-messages")).toBeVisible();
    await dialog.getByTestId("conversation-back").click();
    await expect(dialog.getByTestId("conversation-list-pane")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();

    // The shared page's notice in English.
    const visitor = await guest(browser, { width: 390, locale: "en" });
    await visitor.page.goto(`/shared/${shareId}`);
    await expect(visitor.page.getByTestId("owner-can-read")).toHaveText("The owner of this assistant can read the conversations here.");
    await visitor.context.close();
  });
});
