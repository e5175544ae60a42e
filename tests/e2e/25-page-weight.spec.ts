import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { apiAs, newAccount, type Account } from "./support/accounts";
import { signIn } from "./support/helpers";
import { firstLoadJs } from "./support/page-weight";
import { E2E_BASE_URL, E2E_PORT } from "./support/ports";
import { createShare, ensureWasteDocument } from "./support/shares";

// This spec's own workspace owner: what it uploads, asks and shares is nobody else's (support/accounts.ts).
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount({ prefix: "weight" });
});

// docs/rules/quality.md#page-weight: a budget on each page's first-load JavaScript (gzip bytes, read from the
// production build, not timed). The budgets hold today's weight plus a little, so any growth
// fails here; the targets (the shared page 130 KB, "/" and /auth 170 KB) are measured as
// a browser receives them, brotli, by npm run bench:pages.
const KB = 1024;
const BUDGETS: { page: string; budgetKb: number; targetKb?: number }[] = [
  { page: "shared/[shareId]", budgetKb: 143, targetKb: 130 },
  { page: "(public)/auth", budgetKb: 173, targetKb: 170 },
  // 180 until web pages, spreadsheets, slides and scans came (their source links and labels in the chat).
  { page: "(main)", budgetKb: 183, targetKb: 170 },
  { page: "(public)/guide", budgetKb: 168 },
  { page: "(main)/account", budgetKb: 220 },
  { page: "admin", budgetKb: 295 },
];

test("no page's first-load JavaScript grows past its budget", () => {
  const over: string[] = [];
  for (const { page, budgetKb, targetKb } of BUDGETS) {
    const weight = firstLoadJs(page);
    const kb = Math.round(weight.gzipBytes / KB);
    console.log(`${page}: ${kb} KB gzip (${Math.round(weight.rawBytes / KB)} KB raw, ${weight.files} files), budget ${budgetKb} KB${targetKb ? `, target ${targetKb} KB` : ""}`);
    if (weight.gzipBytes > budgetKb * KB) over.push(`${page}: ${kb} KB > ${budgetKb} KB`);
  }
  expect(over).toEqual([]);
});

/** One request with exactly these headers, the body as sent (fetch would decode it). */
function rawGet(urlPath: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: E2E_PORT, path: urlPath, headers: { ...headers, "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
}

test("the server sends the build's scripts as brotli to browsers that accept it, and gzip to the others", async () => {
  const html = (await rawGet("/auth", "identity")).body.toString();
  const scripts = [...new Set([...html.matchAll(/\/_next\/static\/chunks\/[\w.-]+\.js/g)].map((m) => m[0]))];
  expect(scripts.length).toBeGreaterThan(3);
  let brotli = 0;
  let gzip = 0;
  for (const script of scripts) {
    const original = readFileSync(path.join(import.meta.dirname, "../../.next/static/chunks", path.basename(script)));
    const br = await rawGet(script, "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"], script).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.body).equals(original), script).toBe(true);
    const gz = await rawGet(script, "gzip, deflate");
    // Next compresses from 1 KB up (its compression middleware's threshold): smaller files go as they are.
    expect(gz.headers["content-encoding"], script).toBe(original.length >= KB ? "gzip" : undefined);
    expect((original.length >= KB ? gunzipSync(gz.body) : gz.body).equals(original), script).toBe(true);
    brotli += br.body.length;
    gzip += gz.body.length;
  }
  console.log(`/auth's ${scripts.length} scripts: ${Math.round(brotli / KB)} KB brotli, ${Math.round(gzip / KB)} KB gzip`);
  expect(brotli).toBeLessThan(gzip);
});

/**
 * Every script a page fetches until it is idle, in the bytes a phone receives (brotli, as this
 * server sends them): what bench:pages' Lighthouse counts. Beside the first load, this catches
 * code fetched right after it on every visit (a boundary, a runner that has nothing to do).
 */
async function scriptsFetched(browser: Browser, url: string, cookie?: string): Promise<{ kb: number; files: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  if (cookie) await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.split("=")[0], value: pair.slice(pair.indexOf("=") + 1), url: E2E_BASE_URL })));
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on("requestfinished", (req) => {
    if (req.resourceType() === "script") sizes.push(req.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // Lazy parts start after hydration: one more quiet second for them.
  await page.waitForTimeout(1_000);
  await page.waitForLoadState("networkidle");
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return { kb: bytes / KB, files: sizes.length };
}

// Today's figures plus a little; the targets beside them. The shared page's is what a new
// visitor fetches before touching the page (the chat's code comes at the first touch, first-intent.ts).
// A new connection carries about 14.6 KB (ten segments) in its first round trip; a shared page's
// HTML that fits is drawn one round trip sooner on a phone. Brotli (scripts/page-brotli.ts) brings
// it to about 11.5 KB; the budget leaves room for a long share name and welcome, not for growth.
const SHARED_HTML_BUDGET_KB = 12.5;

test("a shared page's HTML reaches a phone as brotli, within the first round trip; a browser without brotli gets gzip", async () => {
  const api = await apiAs(owner);
  const shareId = await createShare(api, "頁面重量");
  await api.dispose();
  const navigation = { "sec-fetch-dest": "document", accept: "text/html", "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Mobile Safari/537.36" };
  const br = await rawGet(`/shared/${shareId}`, "gzip, deflate, br, zstd", navigation);
  expect(br.headers["content-encoding"]).toBe("br");
  const html = brotliDecompressSync(br.body).toString("utf8");
  expect(html).toContain("頁面重量");
  expect(html.trimEnd().endsWith("</html>")).toBe(true);
  console.log(`/shared/{id} HTML: ${(br.body.length / KB).toFixed(1)} KB brotli (${(Buffer.byteLength(html) / KB).toFixed(1)} KB raw), budget ${SHARED_HTML_BUDGET_KB} KB`);
  expect(br.body.length).toBeLessThanOrEqual(SHARED_HTML_BUDGET_KB * KB);
  const gz = await rawGet(`/shared/${shareId}`, "gzip, deflate", navigation);
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gz.body).toString("utf8")).toContain("頁面重量");
  expect(br.body.length).toBeLessThan(gz.body.length);
});

// The chat's figure depends on whether the owner has a conversation by then (the whole suite:
// yes, 160.6 KB with the messages' code; this spec alone: no, 155.7 KB): the budget allows the larger.
const FETCHED_BUDGETS = { shared: { budgetKb: 125, targetKb: 130 }, chat: { budgetKb: 163, targetKb: 170 }, auth: { budgetKb: 152, targetKb: 170 } };

test("no page fetches more script than its budget before it is idle, as a phone receives it (brotli)", async ({ browser }) => {
  const api = await apiAs(owner);
  const shareId = await createShare(api, "頁面重量");
  const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  await api.dispose();
  const measured = {
    shared: await scriptsFetched(browser, `/shared/${shareId}`),
    chat: await scriptsFetched(browser, "/", cookie),
    auth: await scriptsFetched(browser, "/auth"),
  };
  const over: string[] = [];
  for (const [name, { kb, files }] of Object.entries(measured)) {
    const { budgetKb, targetKb } = FETCHED_BUDGETS[name as keyof typeof FETCHED_BUDGETS];
    console.log(`${name}: ${kb.toFixed(1)} KB brotli in ${files} scripts, budget ${budgetKb} KB, target ${targetKb} KB`);
    expect(files, name).toBeGreaterThan(3);
    if (kb > budgetKb) over.push(`${name}: ${kb.toFixed(1)} KB > ${budgetKb} KB`);
  }
  expect(over).toEqual([]);
});

/** Whether any script the page has fetched so far is the message list's module (the one that renders data-testid="message-list"). */
function watchForMessagesCode(page: Page) {
  let scripts: Promise<string>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") scripts.push(res.text().catch(() => ""));
  });
  return {
    fetched: async () => (await Promise.all(scripts)).some((text) => text.includes('"message-list"')),
    forget: () => void (scripts = []),
  };
}

async function settle(page: Page) {
  await page.waitForTimeout(1_000);
  await page.waitForLoadState("networkidle");
}

/** From now on every script arrives 1.5 s late, as on a slow connection. */
async function slowScripts(page: Page) {
  await page.route("**/_next/static/chunks/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
}

/** `what` stays on screen throughout the next `ms` (sampled every 100 ms): nothing suspends the page around it. */
async function staysVisible(what: Locator, ms: number) {
  for (let waited = 0; waited < ms; waited += 100) {
    expect(await what.isVisible(), `visible after ${waited} ms`).toBe(true);
    await what.page().waitForTimeout(100);
  }
}

test("a shared link's new visitor gets the messages' code (Markdown, link cards) only on reaching for the input, and the reply shows once sent", async ({ browser }) => {
  const api = await apiAs(owner);
  await ensureWasteDocument(api);
  const shareId = await createShare(api, "按需載入");
  await api.dispose();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const messagesCode = watchForMessagesCode(page);

  await page.goto(`/shared/${shareId}`, { waitUntil: "networkidle" });
  await expect(page.getByTestId("shared-chat")).toBeVisible();
  await settle(page);
  expect(await messagesCode.fetched()).toBe(false);

  // On a slow connection the question is sent before the list's code has come: the chat stays as it
  // is, only the list waits. (The tap on the box is also what fetches the chat's own code.)
  await slowScripts(page);
  const input = page.getByTestId("chat-input").locator("textarea");
  await input.tap();
  await input.fill("資源回收是哪幾天？");
  await page.getByTestId("send-button").tap();
  await staysVisible(page.getByTestId("chat-input"), 1_000);
  await expect.poll(messagesCode.fetched).toBe(true);
  await expect(page.getByTestId("message-list")).toContainText("資源回收是哪幾天？");
  await expect(page.getByTestId("message-assistant").last()).toContainText("每週二與週四", { timeout: 20_000 });
  await context.close();
});

test("a chat with no conversation leaves the messages' code until it is needed; with one, it comes with the page", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, owner.email, owner.password);
  await page.request.delete("/api/messages", { headers: { origin: E2E_BASE_URL } });
  const messagesCode = watchForMessagesCode(page);
  messagesCode.forget();
  await page.goto("/");
  await expect(page.getByTestId("chat-input")).toBeVisible();
  await settle(page);
  expect(await messagesCode.fetched()).toBe(false);

  await slowScripts(page);
  await page.getByTestId("chat-input").locator("textarea").fill("你好");
  await page.getByTestId("send-button").click();
  // The header and the input bar stay while the list's code is on its way.
  await staysVisible(page.getByTestId("chat-header-actions"), 1_000);
  await expect(page.getByTestId("message-list")).toContainText("你好");
  await page.unroute("**/_next/static/chunks/**/*.js");
  await expect(page.getByTestId("message-assistant")).toHaveCount(1, { timeout: 20_000 });

  // Back later: the server says there is a conversation, so the code is fetched as the page loads.
  messagesCode.forget();
  await page.reload();
  await expect(page.getByTestId("message-list")).toContainText("你好");
  expect(await messagesCode.fetched()).toBe(true);
  await context.close();
});
