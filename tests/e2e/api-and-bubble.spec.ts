import http from "node:http";
import { expect, request, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/accessibility";
import { apiAs, newAccount, signInAs, type Account } from "./support/accounts";
import { BUBBLE_HOST_PORTS, E2E_BASE_URL } from "./support/ports";
import { createShare, ensureWasteDocument } from "./support/shares";

// An assistant from anywhere: its owner makes an API key on the assistant's card and a program
// asks with it (then not, once revoked); the chat bubble's one line on another site opens the
// share in a panel there when that site is listed, and shows nothing of it on a site that is not.

let owner: Account;
let shareId = "";
const [LISTED_PORT, UNLISTED_PORT] = BUBBLE_HOST_PORTS;
const LISTED_SITE = `http://localhost:${LISTED_PORT}`;
const hosts: http.Server[] = [];
const hostPages = new Map<number, string>();

test.beforeAll(async () => {
  owner = await newAccount({ prefix: "bubble" });
  const api = await apiAs(owner);
  await ensureWasteDocument(api);
  shareId = await createShare(api, "泡泡小幫手", { embedOrigins: [LISTED_SITE] });
  await api.dispose();
  for (const port of BUBBLE_HOST_PORTS) {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>another site</title></head><body><main><h1>Another site</h1><a href="#">a link</a></main>${hostPages.get(port) ?? ""}</body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    hosts.push(server);
  }
});

test.afterAll(async () => {
  await Promise.all(hosts.map((server) => new Promise((resolve) => server.close(resolve))));
});

const bubbleTag = (attributes: string) => `<script src="${E2E_BASE_URL}/embed.js" data-assistant="${shareId}" ${attributes} async></script>`;

async function ownerPage(browser: Browser, options: { locale?: "zh-TW" | "en"; theme?: "light" | "dark"; phone?: boolean } = {}) {
  const context = await browser.newContext(options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const host = new URL(E2E_BASE_URL).hostname;
  await context.addCookies([
    { name: "NEXT_LOCALE", value: options.locale ?? "zh-TW", domain: host, path: "/" },
    ...(options.theme ? [{ name: "theme", value: options.theme, domain: host, path: "/" }] : []),
  ]);
  const page = await context.newPage();
  await signInAs(page, owner);
  return { context, page };
}

test.describe("API keys", () => {
  test("the owner makes a key on the assistant's card, a program asks with it (whole and streamed), and a revoked key is refused at once", async ({ browser }) => {
    const { context, page } = await ownerPage(browser);
    await page.goto("/?tab=assistants");
    const card = page.getByTestId("assistant-card").first();
    const assistantId = await card.getAttribute("data-assistant-id");
    await card.getByTestId("assistant-more").click();
    await page.getByTestId("assistant-api-keys").click();
    const dialog = page.getByTestId("api-keys-dialog");
    await expect(dialog.getByTestId("api-keys-how-to")).toContainText(`${assistantId}`);
    await dialog.getByTestId("api-key-name").fill("官網客服");
    await dialog.getByTestId("api-key-create").click();
    const key = await dialog.getByTestId("api-key-value").inputValue();
    expect(key).toMatch(/^dak_/);
    await expect(dialog.getByTestId("api-key-row")).toContainText("官網客服");
    await expect(dialog.getByTestId("api-key-row")).toContainText("尚未使用");

    // A program, with no session: the key alone.
    const program = await request.newContext({ baseURL: E2E_BASE_URL });
    const auth = { authorization: `Bearer ${key}` };
    const models = await program.get("/api/v1/models", { headers: auth });
    expect(models.status()).toBe(200);
    expect((await models.json()).data.map((m: { id: string }) => m.id)).toEqual([assistantId]);
    const question = { model: assistantId, messages: [{ role: "user", content: "資源回收是哪幾天？" }] };
    const whole = await program.post("/api/v1/chat/completions", { headers: auth, data: question });
    expect(whole.status()).toBe(200);
    const body = await whole.json();
    expect(body.choices[0].message.content).toContain("每週二與週四");
    expect(body.x_citations[0].document_name).toBeTruthy();
    const streamed = await program.post("/api/v1/chat/completions", { headers: auth, data: { ...question, stream: true } });
    expect(streamed.headers()["content-type"]).toContain("text/event-stream");
    expect((await streamed.text()).trimEnd().endsWith("data: [DONE]")).toBe(true);

    // Its last use shows once the list is read again.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await card.getByTestId("assistant-more").click();
    await page.getByTestId("assistant-api-keys").click();
    await expect(dialog.getByTestId("api-key-value")).toHaveCount(0);
    await expect(dialog.getByTestId("api-key-row")).toContainText("最後使用");

    await dialog.getByTestId("api-key-revoke").click();
    await page.getByTestId("api-key-revoke-confirm").click();
    await expect(dialog.getByTestId("api-key-row")).toHaveAttribute("data-revoked", "true");
    const refused = await program.get("/api/v1/models", { headers: auth });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.type).toBe("authentication_error");
    await program.dispose();
    await context.close();
  });

  for (const [locale, theme, phone] of [["en", "dark", true], ["zh-TW", "light", false]] as const) {
    test(`the keys dialog in ${locale}, ${theme}, on a ${phone ? "phone" : "desktop"}: readable, usable, nothing serious for axe`, async ({ browser }, testInfo) => {
      const { context, page } = await ownerPage(browser, { locale, theme, phone });
      await page.goto("/?tab=assistants");
      const card = page.getByTestId("assistant-card").first();
      await card.getByTestId("assistant-more").click();
      await page.getByTestId("assistant-api-keys").click();
      const dialog = page.getByTestId("api-keys-dialog");
      await expect(dialog.getByRole("heading")).toContainText(locale === "en" ? "API keys of" : "的 API 金鑰");
      await dialog.getByTestId("api-key-name").fill(`${locale} ${theme}`);
      await dialog.getByTestId("api-key-create").click();
      await expect(dialog.getByTestId("api-key-value")).toBeVisible();
      const box = await dialog.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 1);
      // The "created" toast, fading over the dialog's backdrop, is measured against what shows through it: the dialog is checked once it has gone.
      const toast = page.locator("[data-sonner-toast]");
      await expect(toast).toHaveCount(1);
      await expect(toast).toHaveCount(0, { timeout: 15_000 });
      await expectNoSeriousViolations(page, `keys dialog ${locale} ${theme}`);
      await page.screenshot({ path: testInfo.outputPath(`keys-dialog-${locale}-${theme}-${phone ? "phone" : "desktop"}.png`) });
      await context.close();
    });
  }
});

test.describe("the admin's usage screen", () => {
  test("counts a key's calls under its assistant (with its owner) and under the key (with its prefix), in both languages", async ({ browser }, testInfo) => {
    // An admin of their own: their new assistant and key have no calls but the two made here.
    const admin = await newAccount({ prefix: "usage-api" });
    const api = await apiAs(admin);
    await ensureWasteDocument(api);
    const assistant = await api.post("/api/assistants", { data: { name: "用量小幫手", rolePrompt: "" } });
    expect(assistant.status()).toBe(201);
    const assistantId = (await assistant.json()).id as string;
    const created = await api.post(`/api/assistants/${assistantId}/api-keys`, { data: { name: "用量金鑰" } });
    expect(created.status()).toBe(201);
    const key = (await created.json()) as { id: string; key: string; prefix: string };
    await api.dispose();
    const program = await request.newContext({ baseURL: E2E_BASE_URL });
    for (const content of ["資源回收是哪幾天？", "巨大垃圾怎麼丟？"]) {
      const res = await program.post("/api/v1/chat/completions", { headers: { authorization: `Bearer ${key.key}` }, data: { model: assistantId, messages: [{ role: "user", content }] } });
      expect(res.status()).toBe(200);
    }
    await program.dispose();

    const host = new URL(E2E_BASE_URL).hostname;
    /** The table row of `rowKey`, paging through the view (other tests' assistants and keys share it). */
    const findRow = async (page: Page, dimension: string, rowKey: string) => {
      for (let n = 0; n < 20; n++) {
        await page.goto(`/admin/api-usage?range=today&dimension=${dimension}&sort=calls&dir=desc&page=${n}`);
        await expect(page.getByTestId("usage-row-0")).toBeVisible();
        const row = page.locator(`[data-testid="usage-table"] tr[data-key="${rowKey}"]`);
        if ((await row.count()) > 0) return row;
        if (!(await page.getByTestId("usage-row-19").count())) break;
      }
      throw new Error(`no ${dimension} row ${rowKey}`);
    };
    for (const locale of ["zh-TW", "en"] as const) {
      const context = await browser.newContext();
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, domain: host, path: "/" }]);
      const page = await context.newPage();
      await signInAs(page, admin);
      const byAssistant = await findRow(page, "assistant", assistantId);
      await expect(page.getByTestId("usage-dimension-assistant")).toHaveText(locale === "en" ? "Assistant" : "助理");
      await expect(byAssistant).toContainText("用量小幫手");
      await expect(byAssistant).toContainText(admin.email);
      await expect(byAssistant.locator("td").nth(1)).toHaveText("2");
      await page.screenshot({ path: testInfo.outputPath(`usage-by-assistant-${locale}.png`), fullPage: true });
      const byKey = await findRow(page, "apiKey", key.id);
      await expect(page.getByTestId("usage-dimension-apiKey")).toHaveText(locale === "en" ? "API key" : "API 金鑰");
      await expect(byKey).toContainText("用量金鑰");
      await expect(byKey).toContainText(key.prefix);
      await expect(byKey.locator("td").nth(1)).toHaveText("2");
      await page.screenshot({ path: testInfo.outputPath(`usage-by-key-${locale}.png`), fullPage: true });
      await expectNoSeriousViolations(page, `usage by key ${locale}`);
      // The CSV of the view carries the same row.
      const csv = await page.request.get(`/api/admin/api-usage/export?range=today&dimension=assistant`);
      expect(csv.status()).toBe(200);
      expect(await csv.text()).toContain(`"用量小幫手","${admin.email}","${assistantId}","2"`);
      await context.close();
    }
  });
});

async function hostContext(browser: Browser, phone = false): Promise<{ context: BrowserContext; refusals: string[] }> {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const refusals: string[] = [];
  context.on("console", (message) => {
    if (message.text().includes("frame-ancestors")) refusals.push(message.text());
  });
  return { context, refusals };
}

test.describe("the chat bubble", () => {
  test("on a listed site: one line adds a button that opens the share in a panel, in the chosen language; Escape closes it and focus returns", async ({ browser }, testInfo) => {
    hostPages.set(LISTED_PORT, bubbleTag('data-lang="en" data-theme="dark" data-position="left" data-color="#0f766e"'));
    const { context, refusals } = await hostContext(browser);
    const page = await context.newPage();
    await page.goto(LISTED_SITE);
    const bubble = page.getByRole("button", { name: "Open the AI assistant chat" });
    await expect(bubble).toBeVisible();
    const spot = await bubble.boundingBox();
    expect(spot!.x).toBeLessThan(100);
    // The share's page loads only when asked for.
    expect(page.frames()).toHaveLength(1);
    await bubble.click();
    const panel = page.getByRole("dialog", { name: "AI assistant chat" });
    await expect(panel).toBeVisible();
    await expect(page.getByRole("button", { name: "Close the chat" })).toBeFocused();
    const frame = page.frameLocator('iframe[title="AI assistant chat"]');
    await expect(frame.getByTestId("shared-title").filter({ visible: true })).toHaveText("泡泡小幫手");
    await expect(frame.locator("html")).toHaveAttribute("lang", "en");
    await expect(frame.locator("html")).toHaveClass(/dark/);
    await page.screenshot({ path: testInfo.outputPath("bubble-open-en-dark.png") });
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bubble).toBeFocused();
    await expect(bubble).toHaveAttribute("aria-expanded", "false");
    // The keyboard alone opens it again.
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    expect(refusals).toEqual([]);
    await context.close();
  });

  test("the owner copies the one line from the share's embed dialog, and that line is what the listed site runs", async ({ browser }) => {
    const { context, page } = await ownerPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
    await page.goto("/?tab=shares");
    await page.locator(`[data-share-id="${shareId}"]`).getByTestId("share-embed").click();
    const dialog = page.getByTestId("share-embed-dialog");
    const line = await dialog.getByTestId("share-bubble-code").inputValue();
    expect(line).toBe(`<script src="${E2E_BASE_URL}/embed.js" data-assistant="${shareId}" data-position="right" data-color="#2563eb" async></script>`);
    await dialog.getByTestId("share-bubble-copy").click();
    await expect(dialog.getByTestId("share-bubble-copy")).toHaveText("已複製");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
    await context.close();

    hostPages.set(LISTED_PORT, line);
    const host = await hostContext(browser);
    const site = await host.context.newPage();
    await site.goto(LISTED_SITE);
    await site.locator("[data-assistant-bubble] >> role=button").first().click();
    await expect(site.frameLocator("iframe").getByTestId("shared-title").filter({ visible: true })).toHaveText("泡泡小幫手");
    await host.context.close();
  });

  test("on a phone the panel fills the screen and closes with its own button", async ({ browser }) => {
    hostPages.set(LISTED_PORT, bubbleTag('data-lang="zh-TW"'));
    const { context } = await hostContext(browser, true);
    const page = await context.newPage();
    await page.goto(LISTED_SITE);
    await page.getByRole("button", { name: "開啟 AI 助理對話" }).click();
    const panel = page.getByRole("dialog", { name: "AI 助理對話" });
    await expect(panel).toBeVisible();
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await expect(page.frameLocator("iframe").getByTestId("shared-title").filter({ visible: true })).toHaveText("泡泡小幫手");
    await page.getByRole("button", { name: "關閉對話" }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole("button", { name: "開啟 AI 助理對話" })).toBeFocused();
    await context.close();
  });

  test("on a site that is not listed the frame is refused: the share shows nothing there", async ({ browser }) => {
    hostPages.set(UNLISTED_PORT, bubbleTag('data-lang="en"'));
    const { context, refusals } = await hostContext(browser);
    const page = await context.newPage();
    await page.goto(`http://localhost:${UNLISTED_PORT}`);
    const refused = page.waitForEvent("console", (m) => m.text().includes("frame-ancestors"));
    await page.getByRole("button", { name: "Open the AI assistant chat" }).click();
    const text = (await refused).text();
    expect(text).toContain(`frame-ancestors ${LISTED_SITE}`);
    expect(text).toContain("blocked");
    await expect(page.frameLocator("iframe").getByTestId("shared-title")).toHaveCount(0);
    expect(refusals.length).toBeGreaterThan(0);
    await context.close();
  });
});

test.describe("the API guide", () => {
  for (const locale of ["zh-TW", "en"] as const) {
    test(`/guide/api in ${locale}: curl, JavaScript and Python examples against this server, and the OpenAPI document it links`, async ({ browser }) => {
      const context = await browser.newContext();
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, domain: new URL(E2E_BASE_URL).hostname, path: "/" }]);
      const page = await context.newPage();
      await page.goto("/guide/api");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(locale === "en" ? "API guide" : "API 使用說明");
      await expect(page.getByTestId("api-guide-curl")).toContainText("/api/v1/chat/completions");
      await expect(page.getByTestId("api-guide-curl")).toContainText("Authorization: Bearer");
      await expect(page.getByTestId("api-guide-js")).toContainText('import OpenAI from "openai"');
      await expect(page.getByTestId("api-guide-python")).toContainText("from openai import OpenAI");
      await expectNoSeriousViolations(page, `API guide ${locale}`);
      const doc = await page.request.get(await page.getByTestId("api-guide-openapi").getAttribute("href") ?? "");
      expect(doc.status()).toBe(200);
      expect((await doc.json()).paths["/chat/completions"].post.operationId).toBe("createChatCompletion");
      await context.close();
    });
  }
});
