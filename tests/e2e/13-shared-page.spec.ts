import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { FORCED_REVEAL_LINE_MS, INAPP_LOAD_CHECKS_MS, SEND_WAITS_FOR_CHAT_MS, SHARED_LOAD_TIMEOUT_LINE_MS } from "@/lib/constants";
import { apiAs, newAccount, type Account } from "./support/accounts";
import { popupClosed, signIn } from "./support/helpers";
import { layoutShiftTotal, recordLayoutShifts } from "./support/layout-shift";
import { E2E_BASE_URL } from "./support/ports";
import { expectToastBelowTopBar } from "./support/toast";
import { comeBackLater, createShare, ensureWasteDocument, reachForChat, sharedPageSettled } from "./support/shares";

// This spec's own workspace owner: what it uploads, asks and shares is nobody else's (support/accounts.ts).
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount({ prefix: "shared-page" });
});

// The shared assistant page as visitors meet it: on a desktop and a phone, in LINE and Facebook's
// in-app browsers, and on a share that requires Google sign-in (against the loopback provider).

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const LINE = `${IPHONE} Safari Line/13.20.0`;
const FACEBOOK = `${IPHONE} [FBAN/FBIOS;FBAV/440.0.0.0]`;
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, userAgent: IPHONE, hasTouch: true };
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWN4oKCg4PAAAAgnAmGAlfJwAAAAAElFTkSuQmCC", "base64");

let openShare = "";
let googleShare = "";

test.beforeAll(async () => {
  const api = await apiAs(owner);
  await ensureWasteDocument(api);
  openShare = await createShare(api, "清運小幫手", { announcementEnabled: true, pinnedAnnouncement: "本週六系統維護，暫停服務兩小時。" });
  googleShare = await createShare(api, "會員專屬小幫手", { accessMode: "google_required" });
  await api.dispose();
});

async function visitor(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, ...options });
  const page = await context.newPage();
  return { context, page };
}

async function ask(page: Page, question: string) {
  await page.getByTestId("message-input").fill(question);
  await page.getByTestId("send-button").click();
}

const lastReply = (page: Page) => page.getByTestId("message-assistant").last();

test.describe("shared assistant page", () => {
  test("the server draws a new visitor's chat, welcome and input bar; a returning one's a spinner", async ({ browser }) => {
    // What the server sent, with no script at all. (React's server sends a chat this large apart
    // from the page, with an inert copy to show meanwhile: without scripts, the copy is what shows.)
    const bare = await visitor(browser, { ...PHONE, javaScriptEnabled: false });
    await bare.page.goto(`/shared/${openShare}`);
    const drawn = bare.page.locator("[data-server-copy]");
    await expect(drawn.getByTestId("shared-title").filter({ visible: true })).toHaveText("清運小幫手");
    await expect(drawn.getByTestId("shared-empty")).toContainText("您好，我是清運小幫手");
    // A visitor is not shown the workspace's cards about uploading documents.
    await expect(drawn.getByTestId("feature-cards")).toHaveCount(0);
    // The whole chat: the header's controls, and an input bar with a phone's short placeholder.
    await expect(drawn.getByTestId("shared-sign-in")).toBeVisible();
    await expect(drawn.getByTestId("theme-toggle")).toBeVisible();
    await expect(drawn.getByTestId("message-input")).toHaveAttribute("placeholder", "輸入訊息…");
    await expect(drawn.getByTestId("send-button")).toBeDisabled();
    // A returning guest (the key cookie of an earlier visit) may have a conversation: no welcome, a spinner.
    await bare.context.addCookies([{ name: "dc_guest_key", value: "k".repeat(43), url: E2E_BASE_URL }]);
    await bare.page.reload();
    await expect(drawn.getByTestId("shared-title").filter({ visible: true })).toHaveText("清運小幫手");
    await expect(drawn.getByTestId("shared-loading")).toBeVisible();
    await expect(drawn.getByTestId("shared-empty")).toBeHidden();
    await bare.context.close();
  });

  test("a new visitor's chat fetches its code at the first touch and takes over the same page: the box focused and the words typed stay", async ({ browser }) => {
    for (const options of [{ ...PHONE, viewport: { width: 360, height: 780 } }, { viewport: { width: 1280, height: 800 } }]) {
      const { context, page } = await visitor(browser, options);
      // The inert copy React's server sends beside the chat is gone by the time the page is parsed.
      await page.addInitScript(() =>
        document.addEventListener("DOMContentLoaded", () => ((window as unknown as { copies: number }).copies = document.querySelectorAll("[data-server-copy]").length)),
      );
      const asked: string[] = [];
      page.on("request", (req) => {
        if (new URL(req.url()).pathname === "/api/initial-questions") asked.push(req.url());
      });
      await page.goto(`/shared/${openShare}`, { waitUntil: "networkidle" });
      expect(await page.evaluate(() => (window as unknown as { copies: number }).copies)).toBe(0);
      await sharedPageSettled(page);
      const heading = page.getByTestId("shared-empty").getByRole("heading", { level: 2, name: "您好，我是清運小幫手" });
      const before = await heading.boundingBox();
      // Nobody has touched the page: the chat's code is not there, and nothing has asked for the opening questions.
      await expect(page.locator("[data-awaits-code]")).toHaveCount(1);
      expect(asked).toEqual([]);
      // The server draws them when the owner's are stored for these documents; otherwise the chat asks, once.
      const drawn = (await page.getByTestId("suggestion").count()) > 0;
      // The box the server drew, marked to be known again once the code has come.
      const input = page.getByTestId("message-input");
      await input.evaluate((box) => ((box as unknown as { drawnByServer: boolean }).drawnByServer = true));
      if (options.userAgent) await input.tap();
      else await input.click();
      await page.keyboard.type("大型垃圾");
      await expect(page.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });
      await expect(page.locator("[data-awaits-code]")).toHaveCount(0);
      expect(asked).toHaveLength(drawn ? 0 : 1);
      // The same element, still focused, and its words are now the chat's draft.
      expect(await page.evaluate(() => (document.activeElement as unknown as { drawnByServer?: boolean } | null)?.drawnByServer)).toBe(true);
      await expect(input).toHaveValue("大型垃圾");
      await expect(page.getByTestId("send-button")).toBeEnabled();
      const after = await heading.boundingBox();
      expect(Math.abs(after!.y - before!.y), `welcome moved on ${JSON.stringify(options.viewport)}`).toBeLessThanOrEqual(1);
      await context.close();
    }
  });

  test("the owner's opening questions come with a new visitor's chat: there before any touch, and one pressed before the code arrives is sent", async ({ browser }) => {
    // The owner's own, made and stored for these documents.
    const api = await apiAs(owner);
    const made = ((await (await api.post("/api/initial-questions", { data: { assistantName: "", assistantRole: "", forceRegenerate: true } })).json()) as { questions: string[] }).questions;
    await api.dispose();
    expect(made.length).toBeGreaterThan(0);
    // In what the server sent, with no script at all: as many as a phone shows.
    const bare = await visitor(browser, { ...PHONE, javaScriptEnabled: false });
    await bare.page.goto(`/shared/${openShare}`);
    const drawn = bare.page.locator("[data-server-copy]").getByTestId("suggestion");
    await expect(drawn).toHaveCount(Math.min(2, made.length));
    for (const question of await drawn.allTextContents()) expect(made).toContain(question.trim());
    await bare.context.close();

    for (const options of [PHONE, { viewport: { width: 1280, height: 800 } }]) {
      const { context, page } = await visitor(browser, options);
      const asked: string[] = [];
      page.on("request", (req) => {
        if (new URL(req.url()).pathname === "/api/initial-questions") asked.push(req.url());
      });
      await page.goto(`/shared/${openShare}`, { waitUntil: "networkidle" });
      await sharedPageSettled(page);
      await expect(page.locator("[data-awaits-code]")).toHaveCount(1);
      const first = page.getByTestId("suggestion").first();
      const question = (await first.textContent())!.trim();
      expect(made).toContain(question);
      if (options.hasTouch) await first.tap();
      else await first.click();
      await expect(page.getByTestId("message-user").first()).toContainText(question, { timeout: 15_000 });
      await expect(lastReply(page)).toBeVisible({ timeout: 20_000 });
      // Nothing was asked for: the chat had them from the page.
      expect(asked).toEqual([]);
      await context.close();
    }
  });

  test("a press made before the chat's code has arrived takes effect once it has", async ({ browser }) => {
    const { context, page } = await visitor(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`/shared/${openShare}`, { waitUntil: "networkidle" });
    await sharedPageSettled(page);
    // From here on the chat's code is held back, so the press lands on the server's HTML alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      await held;
      await route.continue();
    });
    // Light, as the system is (nothing picked: no theme class, system-theme.spec.ts).
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("[data-awaits-code]")).toHaveCount(1);
    release();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await context.close();
  });

  test("the page holds still while it loads: the opening questions arrive above an input bar that stays where it was", async ({ browser }) => {
    for (const options of [PHONE, { viewport: { width: 1280, height: 800 } }]) {
      const { context, page } = await visitor(browser, options);
      await recordLayoutShifts(page);
      await page.goto(`/shared/${openShare}`);
      await reachForChat(page);
      await expect(page.getByTestId("suggestions").getByRole("listitem").first()).toBeVisible();
      await expect(page.getByTestId("message-input")).toBeInViewport();
      const shifted = await layoutShiftTotal(page);
      // Before the bar stood still, the questions' arrival alone scored 0.045 on a phone and 0.010 on a desktop.
      expect(shifted, `layout shift on ${JSON.stringify(options.viewport)}`).toBeLessThan(0.002);
      await context.close();
    }
  });

  test("a banner the visitor dismissed stays out of what the server draws as well, so nothing shows and then vanishes", async ({ browser }) => {
    const { context, page } = await visitor(browser, PHONE);
    await page.goto(`/shared/${openShare}`);
    await page.getByTestId("promo-dismiss").click();
    await expect(page.getByTestId("promo-banner")).toHaveCount(0);
    // Still a new visitor to the server (no guest key), so it sends the welcome, but no banner now.
    await context.clearCookies({ name: "dc_guest_key" });
    const html = await (await page.request.get(`/shared/${openShare}`)).text();
    expect(html).toContain('data-testid="shared-empty"');
    expect(html).not.toContain('data-testid="promo-banner"');
    await page.reload();
    await expect(page.getByTestId("shared-empty")).toBeVisible();
    await expect(page.getByTestId("promo-banner")).toHaveCount(0);
    await context.close();
    // Another browser, which never dismissed it, still gets it from the server.
    const other = await visitor(browser, PHONE);
    expect(await (await other.page.request.get(`/shared/${openShare}`)).text()).toContain('data-testid="promo-banner"');
    await other.context.close();
  });

  test("a visitor on a desktop: header, opening questions, a cited answer, the conversation back after a reload, and nothing for another browser", async ({ browser }) => {
    const { context, page } = await visitor(browser, { viewport: { width: 1280, height: 800 } });
    // The share and who is visiting come with the page: the browser does not ask for them again.
    // Nor, on a first visit, for a conversation its new session id cannot have yet.
    const askedAgain: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      const loadsMessages = req.method() === "GET" && url.pathname === `/api/shared-assistants/${openShare}/messages`;
      if (loadsMessages || url.pathname === `/api/shared-assistants/${openShare}` || url.pathname === "/api/guest/auth-status" || url.pathname === "/api/user") askedAgain.push(url.pathname);
    });
    await page.goto(`/shared/${openShare}`);
    await expect(page).toHaveTitle("清運小幫手 · AI 文件助理");
    await expect(page.getByTestId("shared-title").filter({ visible: true })).toHaveText("清運小幫手");
    const badges = page.getByTestId("shared-badges");
    for (const badge of ["線上服務", "即時回覆", "智能驅動"]) await expect(badges).toContainText(badge);
    await expect(page.getByTestId("shared-support")).toHaveAttribute("target", "_blank");
    await expect(page.getByTestId("shared-sign-in")).toBeVisible();
    await expect(page.getByTestId("shared-admin-console")).toHaveCount(0);
    // The pinned announcement is the owner's; a visitor never gets it.
    await expect(page.getByTestId("shared-empty")).toContainText("您好，我是清運小幫手");
    await expect(page.getByTestId("announcement-panel")).toHaveCount(0);
    await reachForChat(page);
    const suggestions = page.getByTestId("suggestions");
    await expect(suggestions).toContainText("您可能想問");
    await expect(suggestions.getByTestId("suggestion").first()).toBeVisible();
    expect(askedAgain).toEqual([]);

    await ask(page, "資源回收是哪幾天？");
    await expect(lastReply(page)).toContainText("每週二與週四", { timeout: 20_000 });
    await expect(lastReply(page).getByTestId("source-chip").first()).toContainText("垃圾清運.txt");
    const sessionId = await page.evaluate((id) => localStorage.getItem(`sessionId_${id}`), openShare);
    expect(sessionId).toMatch(/^session_\d{13}_[a-z0-9]+$/);

    // Well after the last visit mark: the cache is dropped and the server's copy loads.
    await comeBackLater(page, openShare);
    await page.reload();
    await expect(page.getByTestId("message-list")).toContainText("資源回收是哪幾天？");
    await expect(page.getByTestId("message-list")).toContainText("每週二與週四");

    // Another browser presenting the same session id sees nothing of it.
    const other = await visitor(browser);
    await other.context.addInitScript(([id, value]) => localStorage.setItem(`sessionId_${id}`, value), [openShare, sessionId!] as const);
    await other.page.goto(`/shared/${openShare}`);
    await expect(other.page.getByTestId("shared-empty")).toBeVisible();
    await expect(other.page.getByText("資源回收是哪幾天？")).toHaveCount(0);
    // Sending with it: the server refuses the id (409), the page makes a new one and sends the
    // question again with it, so nothing the visitor typed is lost.
    const refused = other.page.waitForResponse((r) => r.url().includes("/messages") && r.request().method() === "POST" && r.status() === 409);
    await ask(other.page, "巨大垃圾要怎麼丟？");
    await refused;
    await expect(lastReply(other.page)).toContainText("預約", { timeout: 20_000 });
    await expect(other.page.getByTestId("message-user")).toHaveCount(1);
    await expect(other.page.getByText("訊息發送失敗")).toHaveCount(0);
    const renewed = await other.page.evaluate((id) => localStorage.getItem(`sessionId_${id}`), openShare);
    expect(renewed).toMatch(/^session_\d{13}_[a-z0-9]+$/);
    expect(renewed).not.toBe(sessionId);
    await expect(other.page.getByText("資源回收是哪幾天？")).toHaveCount(0);
    await other.context.close();
    await context.close();
  });

  test("a link in a visitor's conversation is a bare link with 點擊訪問連結, and the workspace's preview routes are never asked", async ({ browser }) => {
    const { context, page } = await visitor(browser, PHONE);
    const previews: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname.startsWith("/api/link-preview")) previews.push(req.url());
    });
    await page.goto(`/shared/${openShare}`);
    const url = "https://www.thsrc.com.tw/timetable/a/very/long/path/that/goes/on/and/on";
    await ask(page, `參考 ${url}`);
    const link = page.getByTestId("message-user").last().getByTestId("link-fallback");
    await expect(link).toContainText("點擊訪問連結");
    await expect(link).toContainText(`${url.slice(0, 42)}...`);
    await expect(link).toHaveAttribute("href", url);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(lastReply(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("link-card")).toHaveCount(0);
    expect(previews).toEqual([]);
    await context.close();
  });

  test("hostile text in the assistant's name, the question and the reply never runs or loads anything, live or from history", async ({ browser }) => {
    const api = await apiAs(owner);
    const hostileName = `<img src=x onerror="alert(5)">小幫手`;
    const shareId = await createShare(api, hostileName);
    await api.dispose();
    const { context, page } = await visitor(browser);
    const dialogs: string[] = [];
    const foreign: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on("request", (request) => {
      if (!request.url().startsWith(E2E_BASE_URL) && !request.url().startsWith("data:") && !request.url().startsWith("blob:")) foreign.push(request.url());
    });
    await page.goto(`/shared/${shareId}`);
    await expect(page.getByTestId("shared-title").filter({ visible: true })).toHaveText(hostileName);
    const hostile = `<script>alert(1)</script><img src=x onerror="alert(2)"> [click](javascript:alert(3)) ![x](https://evil.example/pixel.png) <a href="javascript:alert(4)">a</a>`;
    await ask(page, hostile);
    await expect(lastReply(page)).toBeVisible({ timeout: 20_000 });
    for (const view of ["live", "history"]) {
      if (view === "history") {
        await comeBackLater(page, shareId);
        await page.reload();
      }
      await expect(page.getByTestId("message-user").last()).toContainText("<script>alert(1)</script>");
      expect(await page.locator('main script, img[onerror], a[href^="javascript:"]').count(), view).toBe(0);
    }
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  test("the owner sees the pinned announcement, can dismiss it, and gets the admin-console button", async ({ page }) => {
    await signIn(page, owner.email, owner.password);
    await page.goto(`/shared/${openShare}`);
    const panel = page.getByTestId("announcement-panel");
    await expect(panel).toContainText("本週六系統維護，暫停服務兩小時。");
    await expect(page.getByTestId("shared-admin-console")).toHaveAttribute("href", "/admin");
    await expect(page.getByTestId("shared-admin-console")).toHaveAttribute("target", "_blank");
    await expect(page.getByTestId("shared-signed-in")).toContainText(owner.name);
    await page.getByTestId("announcement-dismiss").click();
    await expect(panel).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("shared-chat")).toBeVisible();
    await expect(panel).toHaveCount(0);
  });

  test("error states: missing id, invalid link, not found, server failures; home and reload buttons", async ({ browser, page }) => {
    // One notice: the inert copy React's server sends beside it is gone by the time the page is parsed.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => ((window as unknown as { copies: number }).copies = document.querySelectorAll("[data-server-copy]").length)),
    );
    await page.goto("/shared");
    expect(await page.evaluate(() => (window as unknown as { copies: number }).copies), "copies of the notice when the page was parsed").toBe(0);
    await expect(page.getByTestId("shared-error")).toContainText("無法載入共享助手");
    await expect(page.getByTestId("shared-error-message")).toHaveText("缺少共享助手 ID");
    // A link that can be no share, or that no share has, is the server's 404 page (no reload: it cannot help).
    expect((await page.goto("/shared/bad!id"))?.status()).toBe(404);
    await expect(page.getByTestId("share-unavailable-title")).toHaveText("無效的共享助手連結");
    expect((await page.goto("/shared/doesNotExist0"))?.status()).toBe(404);
    await expect(page.getByTestId("share-unavailable-title")).toHaveText("找不到此共享助手，請確認連結是否正確");
    await page.close();

    // The server's failures, as the page meets them when it loads the share itself (an in-app
    // browser; a desktop browser gets the share with the page).
    ({ page } = await visitor(browser, { ...PHONE, userAgent: FACEBOOK }));
    const answers: [number, string, string][] = [
      [500, JSON.stringify({ error: { code: "internal", message: "boom" } }), "伺服器暫時無法處理請求，請稍後再試"],
      [429, JSON.stringify({ error: { code: "rate_limited", message: "請求過於頻繁，請稍後再試" } }), "請求過於頻繁，請稍後再試"],
      [503, "<html>unavailable</html>", "伺服器錯誤: 503"],
    ];
    for (const [status, body, text] of answers) {
      await page.route(`**/api/shared-assistants/${openShare}`, (route) => route.fulfill({ status, body, contentType: body.startsWith("{") ? "application/json" : "text/html" }));
      await page.goto(`/shared/${openShare}`);
      await expect(page.getByTestId("shared-error-message")).toHaveText(text);
      await page.unroute(`**/api/shared-assistants/${openShare}`);
    }
    // Reload tries again (now the server answers), home leaves the page.
    await page.getByTestId("shared-error-reload").click();
    await expect(page.getByTestId("shared-chat")).toBeVisible();
    await page.route(`**/api/shared-assistants/${openShare}`, (route) => route.fulfill({ status: 500, body: "{}", contentType: "application/json" }));
    await page.goto(`/shared/${openShare}`);
    await page.getByTestId("shared-error-home").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/shared"));
    await page.context().close();
  });

  test("LINE on a phone: loaded directly, a compatibility warning with copy link, no sign-in button, no suggestions", async ({ browser }) => {
    const direct = await (await fetch(`${E2E_BASE_URL}/shared/${openShare}`, { headers: { "user-agent": LINE } })).text();
    const lazy = await (await fetch(`${E2E_BASE_URL}/shared/${openShare}`, { headers: { "user-agent": IPHONE } })).text();
    // Both draw the chat, but in LINE its code comes with the page; elsewhere it waits for the visitor.
    const scripts = (html: string) => new Set(html.match(/\/_next\/static\/chunks\/[\w.-]+\.js/g));
    expect(direct).toContain('data-testid="shared-support"');
    expect(lazy).toContain('data-testid="shared-support"');
    expect([...scripts(lazy)].filter((script) => !scripts(direct).has(script))).toEqual([]);
    expect(scripts(direct).size).toBeGreaterThan(scripts(lazy).size);

    const { context, page } = await visitor(browser, { ...PHONE, userAgent: LINE, permissions: ["clipboard-read", "clipboard-write"] });
    let suggestionCalls = 0;
    page.on("request", (req) => {
      if (/\/api\/(initial-questions|ai-suggestions)/.test(req.url())) suggestionCalls++;
    });
    await page.goto(`/shared/${openShare}`);
    const warning = page.getByTestId("in-app-warning");
    await expect(warning).toContainText("LINE");
    await expect(page.getByTestId("shared-sign-in")).toHaveCount(0);
    await page.getByTestId("in-app-copy-link").click();
    await expect(page.getByTestId("in-app-copy-link")).toHaveText("已複製連結");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(page.getByTestId("in-app-copy-link")).toHaveText("複製連結", { timeout: 4_000 });
    await ask(page, "巨大垃圾怎麼丟？");
    await expect(lastReply(page)).toContainText("預約", { timeout: 20_000 });
    await page.getByTestId("in-app-warning-dismiss").click();
    await expect(warning).toHaveCount(0);
    await expect(page.getByTestId("suggestions")).toHaveCount(0);
    expect(suggestionCalls).toBe(0);
    await context.close();
  });

  // The waits below are the page's own timers (the in-app checks at 1.5 s, the reveal at 3 s, the
  // 8 s load time-out, the 15 s a question waits for its conversation), run on Playwright's clock:
  // time flows as usual, and the test jumps over a wait once the page has set its timer.
  test("LINE: a slow load offers the switch-browser help (retry, continue anyway), the page is revealed after 3 s, and a hung load times out at 8 s", async ({ browser }) => {
    const { context, page } = await visitor(browser, { ...PHONE, userAgent: LINE });
    await page.clock.install();
    let loads = 0;
    const held: (() => void)[] = [];
    await page.route(`**/api/shared-assistants/${openShare}`, async (route) => {
      loads++;
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/shared/${openShare}`);
    const help = page.getByTestId("switch-browser-help");
    // The load is out (its timers are set): past the in-app checks, it is still out.
    await expect.poll(() => loads).toBe(1);
    await page.clock.fastForward(INAPP_LOAD_CHECKS_MS[0]);
    await expect(help).toBeVisible({ timeout: 4_000 });
    await expect(help.getByTestId("help-copy-link")).toBeVisible();
    await page.getByTestId("help-retry").click();
    await expect.poll(() => loads).toBe(2);
    await page.clock.fastForward(INAPP_LOAD_CHECKS_MS[0]);
    await expect(help).toBeVisible({ timeout: 4_000 });
    await page.getByTestId("help-continue").click();
    await expect(help).toHaveCount(0);
    for (const release of held) release();
    await expect(page.getByTestId("shared-chat")).toBeVisible({ timeout: 10_000 });
    await expect(help).toHaveCount(0);

    // Messages that never come: the chat is revealed anyway after 3 s in LINE.
    await page.unroute(`**/api/shared-assistants/${openShare}`);
    let messageLoads = 0;
    await page.route(`**/api/shared-assistants/${openShare}/messages*`, () => void messageLoads++);
    await page.reload();
    await expect.poll(() => messageLoads).toBeGreaterThan(0);
    await page.clock.fastForward(FORCED_REVEAL_LINE_MS);
    await expect(page.locator("main[data-revealed=true]")).toBeVisible({ timeout: 5_000 });
    await expect(page.getByTestId("shared-chat")).toBeVisible();

    // A load that never answers ends in the time-out message (8 s in LINE).
    let hungLoads = 0;
    await page.route(`**/api/shared-assistants/${openShare}`, () => void hungLoads++);
    await page.reload();
    await expect.poll(() => hungLoads).toBe(1);
    await expect(page.getByTestId("shared-error-message")).toHaveCount(0);
    await page.clock.fastForward(SHARED_LOAD_TIMEOUT_LINE_MS);
    await expect(page.getByTestId("shared-error-message")).toHaveText("載入超時，請檢查網路連線或重新整理頁面", { timeout: 12_000 });
    await context.close();
  });

  test("LINE: a question sent before it is known who is visiting waits in view and is answered; one whose wait never ends is given back", async ({ browser }) => {
    test.setTimeout(90_000);
    // In LINE the page asks who is visiting itself, and shows the chat after 3 s whether or not that has come.
    async function slowViewer(answer: Promise<void> | null) {
      const { context, page } = await visitor(browser, { ...PHONE, userAgent: LINE });
      await page.clock.install();
      const posts: string[] = [];
      page.on("request", (req) => {
        if (req.method() === "POST" && req.url().includes("/messages")) posts.push(req.url());
      });
      let asked = 0;
      await page.route("**/api/guest/auth-status", async (route) => {
        asked++;
        if (!answer) return;
        await answer;
        await route.continue().catch(() => undefined);
      });
      await page.goto(`/shared/${openShare}`);
      // Who is visiting is being asked (the page's timers are set): past the reveal.
      await expect.poll(() => asked).toBeGreaterThan(0);
      await page.clock.fastForward(FORCED_REVEAL_LINE_MS);
      await page.getByTestId("help-continue").click({ timeout: 6_000 });
      await expect(page.locator("main[data-revealed=true]")).toBeVisible({ timeout: 6_000 });
      return { context, page, posts };
    }

    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const slow = await slowViewer(answered);
    await ask(slow.page, "資源回收是哪幾天？");
    // Shown at once, and kept back until the conversation it belongs to is known.
    await expect(slow.page.getByTestId("message-user")).toHaveText(/資源回收是哪幾天？/);
    await expect(slow.page.getByTestId("message-input")).toHaveValue("");
    await slow.page.clock.runFor(1_000);
    expect(slow.posts).toEqual([]);
    release();
    await expect(lastReply(slow.page)).toContainText("每週二與週四", { timeout: 20_000 });
    expect(slow.posts).toHaveLength(1);
    // It landed in the visitor's conversation: there again after a reload.
    await slow.page.unrouteAll();
    await slow.page.reload();
    await expect(slow.page.getByTestId("message-user")).toHaveText(/資源回收是哪幾天？/, { timeout: 10_000 });
    await expect(lastReply(slow.page)).toContainText("每週二與週四");
    await slow.context.close();

    // Who is visiting never comes: after 15 s the question is not sent, says so, and is back in the box.
    const hung = await slowViewer(null);
    await ask(hung.page, "巨大垃圾怎麼丟？");
    await expect(hung.page.getByTestId("message-user")).toHaveText(/巨大垃圾怎麼丟？/);
    await hung.page.clock.fastForward(SEND_WAITS_FOR_CHAT_MS);
    await expect(hung.page.getByText("訊息發送失敗")).toBeVisible({ timeout: 20_000 });
    await expect(hung.page.getByTestId("message-user")).toHaveCount(0);
    await expect(hung.page.getByTestId("message-input")).toHaveValue("巨大垃圾怎麼丟？");
    expect(hung.posts).toEqual([]);
    await hung.context.close();
  });

  test("Facebook's browser: the warning names it, and a refused clipboard offers the link to copy by hand", async ({ browser }) => {
    const { context, page } = await visitor(browser, { ...PHONE, userAgent: FACEBOOK });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    });
    await page.goto(`/shared/${openShare}`);
    await expect(page.getByTestId("in-app-warning")).toContainText("Facebook");
    await page.getByTestId("in-app-copy-link").click();
    const manual = page.getByTestId("in-app-copy-link-manual");
    await expect(manual).toContainText("無法自動複製");
    await expect(manual.locator("input")).toHaveValue(page.url());
    await context.close();
  });

  test("English on a phone, dark theme", async ({ browser }) => {
    const { context, page } = await visitor(browser, { ...PHONE });
    await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E_BASE_URL }]);
    await context.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.goto(`/shared/${openShare}`);
    await expect(page.getByTestId("shared-badges")).toContainText("Instant replies");
    await expect(page.getByTestId("shared-empty")).toContainText("Hello, I'm 清運小幫手");
    await page.goto("/shared/doesNotExist0");
    await expect(page.getByTestId("share-unavailable-title")).toHaveText("This shared assistant was not found. Check the link.");
    await context.close();
  });
});

test.describe("shared assistant requiring Google sign-in", () => {
  test("phone: the draft (text and image) is kept through the Google sign-in and sent after it, the image analysed first", async ({ browser }) => {
    const { context, page } = await visitor(browser, PHONE);
    await page.goto(`/shared/${googleShare}`);
    await reachForChat(page);
    // Opening questions show before sign-in; sending needs it.
    await expect(page.getByTestId("suggestions")).toBeVisible();
    await page.getByTestId("image-file").setInputFiles({ name: "旗子.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("message-input").fill("資源回收是哪幾天？");
    const send = page.getByTestId("send-button");
    await expect(send).toHaveAttribute("title", "請先使用 Google 登入再發送");
    await expect(send).toHaveAttribute("data-sign-in", "true");
    await expect(send).toHaveClass(/bg-emerald-600/);
    await send.click();

    // To the provider and back with auth=success: cleared, toasted, then the draft goes out.
    await page.waitForURL(`**/shared/${googleShare}`);
    await expect(page.getByText("登入成功")).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    const list = page.getByTestId("message-list");
    await expect(list).toContainText("[圖片分析]", { timeout: 20_000 });
    await expect(list.locator("img").first()).toBeVisible();
    await expect(lastReply(page)).toContainText("每週二與週四", { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem("pendingMessage"))).toBeNull();
    await expect(page.getByTestId("send-button")).not.toHaveAttribute("data-sign-in", "true");
    await context.close();
  });

  test("desktop: picking a suggestion signs in through the popup, and the question is sent after the reload", async ({ browser }) => {
    const { context, page } = await visitor(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`/shared/${googleShare}`);
    await reachForChat(page);
    const first = page.getByTestId("suggestion").first();
    await expect(first).toBeVisible();
    const question = (await first.textContent())!.trim();
    const popup = page.waitForEvent("popup");
    await first.click();
    await popupClosed(await popup);
    await expect(page.getByText("登入成功")).toBeVisible();
    await expect(page.getByTestId("shared-signed-in")).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("message-list")).toContainText(question, { timeout: 20_000 });
    await context.close();
  });

  test("replay failures: a failed image analysis sends the text alone; a failed send says to send again", async ({ browser }) => {
    const { context, page } = await visitor(browser, PHONE);
    await page.route("**/api/analyze-image**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.goto(`/shared/${googleShare}`);
    await reachForChat(page);
    await page.getByTestId("image-file").setInputFiles({ name: "旗子.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("message-input").fill("巨大垃圾怎麼丟？");
    await page.getByTestId("send-button").click();
    await page.waitForURL(`**/shared/${googleShare}`);
    await expect(page.getByText("圖片處理失敗")).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("將僅發送文字訊息")).toBeVisible();
    // Below the shared page's header, which stays usable.
    await expectToastBelowTopBar(page);
    await expect(lastReply(page)).toContainText("預約", { timeout: 20_000 });
    // The same Google account asked here before: look at this question only.
    const question = page.getByTestId("message-user").last();
    await expect(question).toContainText("巨大垃圾怎麼丟？");
    await expect(question).not.toContainText("[圖片分析]");

    // Signed in now; sign out so the next draft goes through sign-in again, and make the send fail.
    // Sign-out reloads the page after 1 s: a draft sent before that reload would have its sign-in
    // redirect cut short by it, so wait for the reloaded page.
    await Promise.all([page.waitForEvent("load", { timeout: 10_000 }), page.getByTestId("shared-sign-out").click()]);
    await expect(page.getByTestId("send-button")).toHaveAttribute("data-sign-in", "true", { timeout: 10_000 });
    await page.route(`**/api/shared-assistants/${googleShare}/messages`, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 502, body: "bad gateway" }) : route.continue(),
    );
    await page.getByTestId("message-input").fill("這則會失敗");
    await page.getByTestId("send-button").click();
    await page.waitForURL(`**/shared/${googleShare}`);
    await expect(page.getByText("發送失敗")).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("請手動重新發送訊息")).toBeVisible();
    await context.close();
  });
});

test.describe("guest to account", () => {
  test("a guest's conversation on a share becomes theirs when they sign in with Google", async ({ browser }) => {
    const { context, page } = await visitor(browser, PHONE);
    await page.goto(`/shared/${openShare}`);
    await ask(page, "資源回收是哪幾天？");
    await expect(lastReply(page)).toContainText("每週二與週四", { timeout: 20_000 });
    await page.getByTestId("shared-sign-in").click();
    await page.waitForURL(`**/shared/${openShare}`);
    await expect(page.getByText("登入成功")).toBeVisible();
    await expect(page.getByTestId("message-list")).toContainText("資源回收是哪幾天？");
    // The account holds it now: asked without the guest's session id, the server returns it.
    await expect
      .poll(async () => ((await (await page.request.get(`/api/shared-assistants/${openShare}/messages`)).json()) as { content: string }[]).map((m) => m.content))
      .toContain("資源回收是哪幾天？");
    await context.close();
  });
});
