import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { ownInstance, startInstance, stopInstance, waitForHealth } from "./support/app-instance";
import { expectNoSeriousViolations } from "./support/accessibility";
import { uniqueEmail } from "./support/helpers";
import { NO_DEAD_ENDS_PORT, WORKSPACE_CHOICE_PORT } from "./support/ports";

// A signed-in person always sees what they can do here. A registered user, a
// referred user and a manager, with workspaces closed (the admins' only) and open (everyone's):
// told why instead of 權限不足, pages that promise only what this installation gives them, a
// manager's console without locked doors, and a page a role may not open says so, with no React
// error in the console. Point 4: the guest's screen, the default assistant's name in the
// reader's language, and a hint that matches the documents. The workspace setting is app-wide, so
// the spec has an instance of its own and sets it through its first admin's API.

test.describe.configure({ mode: "serial" });

type Person = { email: string; password: string; name: string };
const USER: Person = { email: uniqueEmail("closed-user"), password: "closed-user-pass-1", name: "王小明" };
const REFERRED: Person = { email: uniqueEmail("referred"), password: "referred-pass-1", name: "林小華" };
const MANAGER: Person = { email: uniqueEmail("console-manager"), password: "console-manager-1", name: "陳經理" };

const OWNER: Person = { email: "no-dead-ends-admin@example.com", password: "no-dead-ends-admin-1", name: "管理員" };
const BASE = ownInstance(test, { port: NO_DEAD_ENDS_PORT, prefix: "docchat-no-dead-ends-", firstAdmin: OWNER });
let admin: APIRequestContext;

const origin = { origin: BASE };

async function setWorkspaceAccess(value: "admins" | "everyone") {
  expect((await admin.put("/api/settings/workspace-access", { data: { value } })).status()).toBe(200);
}

/** A browser signed in as `person` (through the API, as the sign-in form would). */
async function signedIn(browser: Browser, person: Person, options: { locale?: "zh-TW" | "en"; viewport?: { width: number; height: number } } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE, viewport: options.viewport ?? { width: 1366, height: 900 } });
  if (options.locale) await context.addCookies([{ name: "NEXT_LOCALE", value: options.locale, url: BASE }]);
  const page = await context.newPage();
  expect((await page.request.post("/api/login", { data: { email: person.email, password: person.password }, headers: origin })).status()).toBe(200);
  return { context, page };
}

/** The forbidden view's reason in the HTML the server sends for `path` to this browser's session. */
async function forbiddenReasonSent(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const match = /data-testid="forbidden-reason"[^>]*>([^<]*)</.exec(html);
  return match?.[1] ?? `no forbidden reason in the page sent for ${path}`;
}

/** Every error the page logs (console.error, uncaught errors: React's #419 among them). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.beforeAll(async () => {
  admin = await request.newContext({ baseURL: BASE, extraHTTPHeaders: origin });
  expect((await admin.post("/api/login", { data: { email: OWNER.email, password: OWNER.password } })).status()).toBe(200);
  const code = ((await (await admin.get("/api/user")).json()) as { referralCode: string }).referralCode;
  expect((await admin.post("/api/register", { data: { email: MANAGER.email, password: MANAGER.password, displayName: MANAGER.name, role: "manager" } })).status()).toBe(201);
  for (const person of [USER, REFERRED]) {
    const api = await request.newContext({ baseURL: BASE, extraHTTPHeaders: origin });
    expect((await api.post("/api/register", { data: { email: person.email, password: person.password, displayName: person.name } })).status()).toBe(201);
    if (person === REFERRED) expect((await api.post("/api/referrals/process", { data: { referralCode: code } })).status()).toBe(200);
    await api.dispose();
  }
  await setWorkspaceAccess("admins");
});

test.afterAll(async () => {
  await admin.dispose();
});

test.describe("workspaces closed (the admins' only)", () => {
  test("a registered user's home says why there is no workspace, who decides and what they can use", async ({ browser }) => {
    const { context, page } = await signedIn(browser, USER);
    const errors = consoleErrors(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`歡迎，${USER.name}`);
    await expect(page.getByTestId("no-workspace-why")).toContainText("目前只開放給管理員");
    await expect(page.getByTestId("no-workspace-why")).toContainText("由網站的管理員決定");
    await expect(page.getByTestId("no-workspace-options").getByRole("listitem")).toHaveCount(4);
    await expect(page.getByTestId("no-workspace-shares")).toContainText("/shared/");
    for (const [key, href] of [["account", "/account"], ["feedback", "/feedback"], ["guide", "/guide"]]) {
      await expect(page.getByTestId(`no-workspace-${key}`).getByRole("link")).toHaveAttribute("href", href);
    }
    await expect(page.getByTestId("no-workspace-console")).toHaveCount(0);
    await expect(page.getByTestId("forbidden")).toHaveCount(0);
    await expect(page.getByText("權限不足")).toHaveCount(0);
    await expect(page.getByTestId("nav-home")).toHaveAttribute("aria-current", "page");
    await expectNoSeriousViolations(page, "/ without a workspace");

    await page.getByTestId("no-workspace-account").getByRole("link").click();
    await page.waitForURL((url) => url.pathname === "/account");
    await expect(page.getByTestId("plan-status")).toHaveText("免費方案");
    await expect(page.getByTestId("plan-limits")).toHaveText("管理員開放工作區後適用：每月可上傳 5 個檔案，單檔上限 10 MB");
    await expect(page.getByTestId("plan-no-workspace")).toBeVisible();
    await expect(page.getByTestId("plan-usage")).toHaveCount(0);
    await expect(page.getByTestId("referral-description")).toContainText("要等管理員開放工作區後才用得上");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("/subscribe, /support and /guide describe only what this installation gives them", async ({ browser }) => {
    const { context, page } = await signedIn(browser, USER);
    for (const path of ["/subscribe", "/support"]) {
      await page.goto(path);
      await expect(page.getByTestId("plans-await-workspace"), path).toContainText("要等管理員開放工作區後");
      await expect(page.getByTestId("plan-supporter").getByRole("listitem"), path).toHaveText(["無限上傳", "單檔最大 30MB", "免費方案的所有功能"]);
      await expect(page.getByText(/進階分析|優先支援/), path).toHaveCount(0);
    }
    await page.goto("/guide");
    await expect(page.getByTestId("guide-workspace-closed")).toContainText("目前只開放給管理員");
    for (const section of ["upload", "assistant", "share", "export", "plans"]) await expect(page.getByTestId(`guide-needs-workspace-${section}`)).toHaveText("需要工作區");
    await expect(page.getByTestId("guide-needs-workspace-chat")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "前往首頁" })).toHaveAttribute("href", "/");
    await context.close();

    // Signed out, the same installation: registering gives no workspace, and the pages say so.
    const visitor = await browser.newPage({ baseURL: BASE });
    await visitor.goto("/support");
    await expect(visitor.getByTestId("plans-await-workspace")).toBeVisible();
    await visitor.goto("/guide");
    await expect(visitor.getByTestId("guide-cta-body")).toHaveText("註冊或登入後，就能開啟別人分享給你的助理。");
    await visitor.close();
  });

  test("a referred user's 14-day trial is told as waiting for workspaces, in English too", async ({ browser }) => {
    const { context, page } = await signedIn(browser, REFERRED, { locale: "en", viewport: { width: 390, height: 844 } });
    await page.goto("/");
    await expect(page.getByTestId("no-workspace-trial")).toContainText("You have a full trial until");
    await expect(page.getByTestId("no-workspace-trial")).toContainText("only matter once the administrator opens workspaces");
    await page.goto("/account");
    await expect(page.getByTestId("plan-status")).toHaveAttribute("data-plan-kind", "trial");
    await expect(page.getByTestId("plan-limits")).toHaveText("Once the administrator opens workspaces: Unlimited uploads, 30 MB per file");
    await expect(page.getByTestId("plan-usage")).toHaveCount(0);
    await context.close();
  });

  test("an ordinary user turned away from the console learns why on the sign-in page, with no console error", async ({ browser }) => {
    const { context, page } = await signedIn(browser, USER);
    const errors = consoleErrors(page);
    // The page the server draws says why (the browser moves on from it as soon as its code runs,
    // so it is read as sent, not raced for on screen).
    expect(await forbiddenReasonSent(page, "/admin")).toContain("「管理主控台」只開放給管理員與經理。");
    await page.goto("/admin");
    await page.waitForURL((url) => url.pathname === "/auth");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "權限不足" });
    await expect(toast).toContainText("「管理主控台」只開放給管理員與經理。如果你有這樣的帳戶，請登出後改用該帳戶登入。");
    await expect(page.getByTestId("use-another-account")).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a manager's console shows what a manager can do, nothing marked admin-only; an admin-only page says so", async ({ browser }) => {
    const { context, page } = await signedIn(browser, MANAGER);
    const errors = consoleErrors(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("管理主控台");
    await expect(page.getByText("查看網站的整體數據，並記錄每日簽到。")).toBeVisible();
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await expect(page.locator('[data-testid^="admin-section-"]')).toHaveCount(1);
    await expect(page.getByTestId("admin-section-daily-checkin")).toHaveAttribute("href", "/daily-checkin");
    await expect(page.getByText(/僅限管理員/)).toHaveCount(0);
    await expect(page.getByTestId("workspace-access")).toHaveCount(0);

    // Typed by hand: 權限不足 and why, then the console, where the toast still says it.
    for (const path of ["/admin/users", "/user-management", "/admin/ai-service"]) {
      expect(await forbiddenReasonSent(page, path), path).toContain("只開放給管理員。正在帶你到管理主控台");
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/admin");
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "所以帶你回到了管理主控台" }), path).toBeVisible();
      await expect(page.getByTestId("dashboard")).toBeVisible();
    }
    await page.goto("/admin/users");
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect(page.locator("[data-sonner-toast]").first()).toContainText("「用戶管理」只開放給管理員");

    // Home: a manager makes assistants from documents, as an admin does, whoever else has a workspace.
    await page.goto("/");
    await expect(page.getByTestId("chat-screen")).toBeVisible();
    await expect(page.getByTestId("no-workspace")).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe("workspaces open to everyone", () => {
  test.beforeAll(async () => {
    await setWorkspaceAccess("everyone");
  });

  test.afterAll(async () => {
    await setWorkspaceAccess("admins");
  });

  test("the same people now have a workspace, and their plans' limits are in use", async ({ browser }) => {
    for (const person of [USER, MANAGER]) {
      const { context, page } = await signedIn(browser, person);
      await page.goto("/");
      await expect(page.getByTestId("chat-screen")).toBeVisible();
      await expect(page.getByTestId("no-workspace")).toHaveCount(0);
      await expect(page.getByTestId("tab-files")).toBeVisible();
      await context.close();
    }
    const { context, page } = await signedIn(browser, USER);
    await page.goto("/account");
    await expect(page.getByTestId("plan-limits")).toHaveText("每月可上傳 5 個檔案，單檔上限 10 MB");
    await expect(page.getByTestId("plan-usage-count")).toHaveText("0 / 5 個檔案");
    await expect(page.getByTestId("plan-no-workspace")).toHaveCount(0);
    await page.goto("/subscribe");
    await expect(page.getByTestId("plan-supporter")).toBeVisible();
    await expect(page.getByTestId("plans-await-workspace")).toHaveCount(0);
    await page.goto("/guide");
    await expect(page.getByTestId("guide-workspace-closed")).toHaveCount(0);
    await expect(page.getByTestId("guide-cta-body")).toHaveText("回到首頁，上傳你的第一份文件吧。");
    await context.close();

    const referred = await signedIn(browser, REFERRED);
    await referred.page.goto("/account");
    await expect(referred.page.getByTestId("plan-limits")).toHaveText("無限上傳，單檔上限 30 MB");
    await expect(referred.page.getByTestId("trial-ends")).toBeVisible();
    await referred.context.close();
  });

  test("the empty chat's hint follows the documents: upload first, then processing or ready, also after starting over", async ({ browser }) => {
    const { context, page } = await signedIn(browser, USER);
    await page.goto("/");
    const hint = page.getByTestId("workspace-hint");
    await expect(hint).toHaveText("提示：先到檔案庫上傳文件，再開始提問。");

    const upload = await page.request.post("/api/documents/upload", { headers: origin, multipart: { file: { name: "公告.txt", mimeType: "text/plain", buffer: Buffer.from("資源回收在每週二與週四收運。\n\n巨大垃圾需事先預約。") } } });
    expect(upload.status()).toBe(201);
    await page.reload();
    // Processing, or already done on a quick machine; either way not "upload first", and ready in the end.
    await expect(hint).not.toHaveText(/先到檔案庫上傳/);
    await expect(hint).toHaveAttribute("data-state", "ready", { timeout: 45_000 });
    await expect(hint).toHaveText("你的文件已經可以提問：在下方輸入問題，或點選「您可能想問」中的問題開始對話。");

    expect((await page.request.post("/api/messages", { data: { content: "資源回收哪天收？" }, headers: origin })).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("message-assistant").first()).toBeVisible();
    await page.getByTestId("start-over").click();
    await page.getByTestId("confirm-start-over").click();
    await expect(page.getByText("對話已清除")).toBeVisible();
    await expect(hint).toHaveAttribute("data-state", "ready");
    await context.close();
  });

  test("a share of the assistant its owner never named greets an English visitor as Document Assistant, with no owner's cards", async ({ browser }) => {
    const { context, page } = await signedIn(browser, REFERRED);
    await page.goto("/");
    await expect(page.getByTestId("assistant-name").filter({ visible: true })).toHaveText("文件助理");
    // The chat's own share button, as an owner reading Chinese makes a share.
    context.on("page", (opened) => void opened.close());
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByTestId("share-assistant-button").click();
    await expect(page.getByText("頁面連結已複製到剪貼簿", { exact: true })).toBeVisible();
    await expect(page.getByText("已建立新的分享連結，並嘗試在新分頁開啟", { exact: true })).toBeVisible();
    const [created] = (await (await page.request.get("/api/shared-assistants")).json()) as { shareId: string; name: string }[];
    expect(created.name).toBe("文件助理");
    await context.close();

    const visitor = await browser.newContext({ baseURL: BASE });
    await visitor.addCookies([{ name: "NEXT_LOCALE", value: "en", url: BASE }]);
    const guest = await visitor.newPage();
    await guest.goto(`/shared/${created.shareId}`);
    await expect(guest).toHaveTitle(/^Document Assistant/);
    await expect(guest.getByTestId("shared-title").filter({ visible: true })).toHaveText("Document Assistant");
    await expect(guest.getByTestId("shared-empty").filter({ visible: true })).toContainText("Hello, I'm Document Assistant");
    await expect(guest.getByText("文件助理")).toHaveCount(0);
    await expect(guest.getByTestId("feature-cards")).toHaveCount(0);
    await expect(guest.getByTestId("guide-button")).toHaveCount(0);
    await visitor.close();
  });
});

test("the first admin chooses on the first-run page who gets a workspace; the console shows the same setting", async ({ browser }) => {
  test.setTimeout(120_000);
  const base = `http://127.0.0.1:${WORKSPACE_CHOICE_PORT}`;
  const server = startInstance({ port: WORKSPACE_CHOICE_PORT, dataDir: mkdtempSync(path.join(tmpdir(), "docchat-first-run-")) });
  try {
    await waitForHealth(base);
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/trial-setup");
    const admins = page.getByRole("radio", { name: "只有管理員與經理" });
    await expect(admins).toBeChecked();
    await expect(page.getByText("其他人註冊後沒有工作區")).toBeVisible();
    await page.getByRole("radio", { name: "所有已登入的用戶" }).check();
    await page.locator("#setup-displayName").fill("第一位管理員");
    await page.locator("#setup-email").fill("first@example.com");
    await page.locator("#setup-password").fill("first-admin-pass-1");
    await page.locator("#setup-confirmPassword").fill("first-admin-pass-1");
    await page.getByTestId("setup-submit").click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin");
    await expect(page.getByTestId("workspace-access-everyone")).toBeChecked();

    // Someone who registers now has a workspace at once.
    const newcomer = await browser.newContext({ baseURL: base });
    const newcomerPage = await newcomer.newPage();
    await newcomerPage.goto("/auth?tab=register");
    await newcomerPage.locator("#register-displayName").fill("新來的");
    await newcomerPage.locator("#register-email").fill("newcomer@example.com");
    await newcomerPage.locator("#register-password").fill("newcomer-pass-1");
    await newcomerPage.getByTestId("register-submit").click();
    await newcomerPage.waitForURL((url) => url.pathname === "/");
    await expect(newcomerPage.getByTestId("chat-screen")).toBeVisible();
    await newcomer.close();

    // The users list: registering was a sign-in (最後登入 is not 從未).
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/admin/users");
    const row = page.getByTestId("user-row-newcomer@example.com");
    await expect(row).toBeVisible();
    await expect(row).not.toContainText("從未");
    await context.close();
  } finally {
    await stopInstance(server);
  }
});
