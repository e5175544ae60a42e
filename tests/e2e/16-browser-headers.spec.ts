import http from "node:http";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page, type Route } from "@playwright/test";
import { pageSecurityHeaders, type SecuritySettings } from "../../lib/security-headers";
import { apiAs, newAccount, type Account } from "./support/accounts";
import { signIn, uniqueEmail } from "./support/helpers";
import { E2E_BASE_URL, EMBED_HOST_PORTS, GOOGLE_USER, OIDC_PORT } from "./support/ports";
import { createShare, ensureWasteDocument, reachForChat } from "./support/shares";

// This spec's own workspace owner: what it uploads, asks and shares is nobody else's (support/accounts.ts).
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount({ prefix: "headers" });
});

// docs/rules/security.md#browser-headers: every page carries a nonce-based Content-Security-Policy, and no page of the
// product trips it, signed out, as a user or as an admin; a share's page may be framed by the
// sites its owner listed on the shares tab and by no other; over https the COOP keeps the Google
// sign-in popup working.

// A 2x1 PNG: chat images are shown as data: URLs.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWN4oKCg4PAAAAgnAmGAlfJwAAAAAElFTkSuQmCC", "base64");
const [LISTED_PORT, UNLISTED_PORT] = EMBED_HOST_PORTS;
/** "Other sites" (localhost is another site than the app's 127.0.0.1, as a real embedding site is); the second is never listed. */
const LISTED_SITE = `http://localhost:${LISTED_PORT}`;

let api: APIRequestContext;
let openShare = "";
let googleShare = "";
const hostPages = new Map<number, string>();
const hosts: http.Server[] = [];

test.beforeAll(async () => {
  api = await apiAs(owner);
  await ensureWasteDocument(api);
  openShare = await createShare(api, "標頭小幫手");
  googleShare = await createShare(api, "會員嵌入小幫手", { accessMode: "google_required", embedOrigins: [LISTED_SITE] });
  for (const port of EMBED_HOST_PORTS) {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>other site</title></head><body>${hostPages.get(port) ?? ""}</body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    hosts.push(server);
  }
});

test.afterAll(async () => {
  await api.dispose();
  await Promise.all(hosts.map((server) => new Promise((resolve) => server.close(resolve))));
});

const iframe = (path: string) => `<iframe src="${E2E_BASE_URL}${path}" title="embedded" width="400" height="640"></iframe>`;

/**
 * Every CSP violation in the context's pages and frames: the securitypolicyviolation event (seen
 * by a listener installed before any page script) and the console's own reports.
 */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("__reportCspViolation", ({ frame }, text: string) => void violations.push(`${frame.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on("console", (message) => {
    if (/Content Security Policy|Refused to (?:load|execute|apply|connect|frame|evaluate|create)/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** A page response's policy, checked directive by directive. */
function expectPageHeaders(headers: Record<string, string>, where: string, frameAncestors: string[] = ["'none'"]) {
  const csp = headers["content-security-policy"];
  expect(csp, where).toBeTruthy();
  const directive = (name: string) => csp.split(";").map((d) => d.trim().split(/\s+/)).find(([n]) => n === name)?.slice(1);
  const scripts = directive("script-src")!;
  expect(scripts.some((s) => /^'nonce-[A-Za-z0-9+/]{22}=='$/.test(s)), where).toBe(true);
  expect(scripts, where).toContain("'strict-dynamic'");
  expect(scripts, where).not.toContain("'unsafe-inline'");
  expect(directive("object-src"), where).toEqual(["'none'"]);
  expect(directive("base-uri"), where).toEqual(["'none'"]);
  expect(directive("frame-ancestors"), where).toEqual(frameAncestors);
  if (frameAncestors[0] === "'none'") expect(headers["x-frame-options"], where).toBe("DENY");
}

/** Opens each page and lets it settle; every response checked, and not one violation. */
async function visitAll(page: Page, violations: string[], paths: string[]) {
  for (const path of paths) {
    const res = await page.goto(path, { waitUntil: "networkidle" });
    expectPageHeaders(res!.headers(), path);
  }
  expect(violations).toEqual([]);
}

async function ask(page: Page | ReturnType<Page["frameLocator"]>, question: string) {
  const questions = page.getByTestId("message-user");
  const replies = page.getByTestId("message-assistant");
  const [asked, before] = [await questions.count(), await replies.count()];
  await page.getByTestId("message-input").fill(question);
  await page.getByTestId("send-button").click();
  try {
    await expect(questions).toHaveCount(asked + 1);
    // By spec 16 of a full run the owner has many documents, and CI's machine is a small one.
    await expect(replies).toHaveCount(before + 1, { timeout: 45_000 });
    await expect(replies.last()).toContainText("每週二與週四");
  } catch (error) {
    // What the visitor saw instead: a toast says why a question was not sent.
    const toasts = await page.locator("[data-sonner-toast]").allInnerTexts();
    const chat = await page.getByTestId("shared-chat").innerText({ timeout: 1_000 }).catch(() => "(no chat)");
    throw new Error(`asking ${question}: toasts ${JSON.stringify(toasts)}; the chat read: ${chat.slice(0, 600)}`, { cause: error });
  }
}

async function freshContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 1280, height: 800 }, ...options });
  return { context, violations: await watchViolations(context), page: await context.newPage() };
}

test.describe("browser headers", () => {
  test("the watch sees a violation: injected markup's inline handler and an image from another origin are refused", async ({ browser }) => {
    const { context, page, violations } = await freshContext(browser);
    await page.goto("/guide", { waitUntil: "networkidle" });
    expect(violations).toEqual([]);
    // What an XSS would inject: neither runs nor loads. The handler is refused when the image fails,
    // which the violation report says; by then it would have run.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML("beforeend", '<img src="/no-such-image.png" onerror="window.__injected = true"><img src="https://example.com/pixel.png">');
    });
    await expect.poll(() => violations.join("\n")).toContain("script-src");
    await expect.poll(() => violations.join("\n")).toContain("img-src blocked https://example.com/pixel.png");
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true)).toBe(false);
    await context.close();
  });

  test("signed out: sign-in, guide, public pages, a share (chat with an image), its Open Graph image, not found", async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page, violations } = await freshContext(browser);
    await visitAll(page, violations, ["/auth", "/auth?tab=register", "/guide", "/support", "/feedback", "/trial-setup", "/no-such-page", "/admin"]);
    expect(new URL(page.url()).pathname).toBe("/auth");

    const res = await page.goto(`/shared/${openShare}`);
    expectPageHeaders(res!.headers(), "share page");
    await expect(page.getByTestId("shared-title").filter({ visible: true })).toHaveText("標頭小幫手");
    await reachForChat(page);
    await page.getByTestId("image-file").setInputFiles({ name: "旗子.png", mimeType: "image/png", buffer: PNG });
    await ask(page, "資源回收是哪幾天？");
    await expect(page.getByTestId("message-list").locator("img").first()).toBeVisible();

    const image = await page.goto(`/shared/${openShare}/opengraph-image`);
    expect(image!.headers()["content-type"]).toBe("image/png");
    expect(image!.headers()["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
    await context.close();
  });

  test("as a user: account, plans, a share signed in, the workspace refused", async ({ browser }) => {
    test.setTimeout(120_000);
    const user = { email: uniqueEmail("csp-user"), password: "user-password-1" };
    expect((await api.post("/api/register", { data: { ...user, displayName: "一般使用者", role: "user" } })).status()).toBe(201);
    const { context, page, violations } = await freshContext(browser);
    await signIn(page, user.email, user.password);
    await visitAll(page, violations, ["/account", "/subscribe", "/guide", "/feedback", "/"]);
    await page.goto(`/shared/${openShare}`);
    await ask(page, "資源回收是哪幾天？");
    expect(violations).toEqual([]);
    await context.close();
  });

  test("as an admin: chat, files, shares with the embed dialog, the console, dark theme", async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page, violations } = await freshContext(browser);
    await signIn(page, owner.email, owner.password);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByTestId("image-file").setInputFiles({ name: "旗子.png", mimeType: "image/png", buffer: PNG });
    await ask(page, "資源回收是哪幾天？");
    // Dark theme: the inline theme script applies it before the first paint, with the nonce.
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await visitAll(page, violations, [
      "/",
      "/?tab=files",
      "/?tab=shares",
      "/account",
      "/admin",
      "/admin/users",
      "/admin/feedback",
      "/admin/email-progress",
      "/admin/email-management",
      "/admin/api-usage",
      "/admin/ai-service",
      "/daily-checkin",
      "/user-management",
      `/shared/${openShare}`,
    ]);
    // The theme script ran (without the nonce it would have been a violation above).
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.goto("/?tab=shares", { waitUntil: "networkidle" });
    await page.locator(`[data-share-id="${openShare}"]`).getByTestId("share-embed").click();
    await expect(page.getByTestId("share-embed-code")).toBeVisible();
    expect(violations).toEqual([]);
    await context.close();
  });

  test("response headers: a fresh nonce each time; the API and the HTML export keep their own strict policies", async ({ browser }) => {
    const { context, page } = await freshContext(browser);
    await signIn(page, owner.email, owner.password);
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await page.request.get("/guide");
      expectPageHeaders(res.headers(), "/guide");
      nonces.add(/'nonce-([^']+)'/.exec(res.headers()["content-security-policy"])![1]);
      // The page's own scripts carry this response's nonce and no other.
      const html = await res.text();
      const scriptNonces = new Set([...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...scriptNonces]).toEqual([/'nonce-([^']+)'/.exec(res.headers()["content-security-policy"])![1]]);
      expect(html.match(/<script(?![^>]*\snonce=)[^>]*>/g)).toBeNull();
    }
    expect(nonces.size).toBe(3);

    const health = await page.request.get("/api/health");
    expect(health.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(health.headers()["x-frame-options"]).toBe("DENY");
    const exported = await page.request.get("/api/messages/export?format=html");
    expect(exported.status()).toBe(200);
    expect(exported.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await exported.text()).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    await context.close();
  });

  test("a kept-alive connection left idle past Node's 5 s default still serves the next request (a load balancer reusing it gets no reset)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.get(`${E2E_BASE_URL}/api/health`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
        });
        req.on("error", reject);
      });
    try {
      const first = await get();
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      const second = await get();
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same connection: the server kept it open through the pause.
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  test("embedding: the owner lists a site and copies the code; that site frames the share and chats in it, every other site is refused", async ({ browser }) => {
    test.setTimeout(180_000);
    // In steps, so a slow run's report says which part took the time (CI run 19: 50 s, 8 s here).
    const embedShare = await createShare(api, "嵌入小幫手");
    const snippet = await test.step("the owner lists a site and copies the code", async () => {
      const ownerTab = await freshContext(browser);
      await ownerTab.context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signIn(ownerTab.page, owner.email, owner.password);
      await ownerTab.page.goto("/?tab=shares");
      const row = ownerTab.page.locator(`[data-share-id="${embedShare}"]`);
      await row.getByTestId("share-embed").click();
      const dialog = ownerTab.page.getByTestId("share-embed-dialog");
      await expect(dialog.getByTestId("share-embed-none")).toBeVisible();
      const field = dialog.getByTestId("share-embed-origins");
      await field.fill(`${LISTED_SITE}\nhttps://example.com/page`);
      await dialog.getByTestId("share-embed-save").click();
      await expect(dialog.getByTestId("share-embed-origins-input-error")).toHaveText("「https://example.com/page」：只填網站來源（通訊協定、網域與連接埠），不含路徑、查詢字串或 #");
      await field.fill(`${LISTED_SITE}/`);
      await field.press("Tab");
      await expect(dialog.getByTestId("share-embed-save")).toBeFocused();
      await ownerTab.page.keyboard.press("Enter");
      await expect(ownerTab.page.getByText("允許嵌入的網站已更新", { exact: true })).toBeVisible();
      await expect(field).toHaveValue(LISTED_SITE);
      await expect(dialog.getByTestId("share-embed-none")).toHaveCount(0);
      await dialog.getByTestId("share-embed-copy").click();
      await expect(dialog.getByTestId("share-embed-copy")).toHaveText("已複製");
      const copied = await ownerTab.page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(`<iframe src="${E2E_BASE_URL}/shared/${embedShare}" title="嵌入小幫手" width="400" height="640" style="border:0;max-width:100%" allow="clipboard-write" loading="lazy"></iframe>`);
      await ownerTab.page.keyboard.press("Escape");
      await expect(row.getByTestId("share-embeddable")).toHaveText("可嵌入 1 個網站");
      expect(ownerTab.violations).toEqual([]);
      await ownerTab.context.close();
      return copied;
    });

    // The listed site pastes the code: the share loads in the frame, and a visitor chats there.
    // Its SameSite=Lax guest cookie is not kept in a frame of another site (and this server is
    // http, so there is no SameSite=None one): each question is still answered.
    const visitor = await test.step("the listed site frames the share, and a visitor chats there", async () => {
      hostPages.set(LISTED_PORT, snippet);
      const visitor = await freshContext(browser);
      const res = await visitor.page.request.get(`/shared/${embedShare}`);
      expectPageHeaders(res.headers(), "embeddable share", [LISTED_SITE]);
      expect(res.headers()["x-frame-options"]).toBeUndefined();
      await visitor.page.goto(LISTED_SITE);
      const frame = visitor.page.frameLocator("iframe");
      // The visible title: for a moment React's streamed copy of the chat waits hidden beside the
      // inert one already shown (components/share-visitor/shared-assistant-lazy.tsx), two headers.
      await expect(frame.getByTestId("shared-title").filter({ visible: true })).toHaveText("嵌入小幫手");
      // The frame loads lazily, after the site's own page: wait for the swap before typing.
      await expect(frame.locator("[data-server-copy]")).toHaveCount(0);
      await ask(frame, "資源回收是哪幾天？");
      await ask(frame, "資源回收在星期幾？");
      expect(visitor.violations).toEqual([]);
      return visitor;
    });

    // A share that needs Google sign-in, framed: sign-in goes to a tab of its own and ends signed in there.
    await test.step("a framed share that needs Google sign-in signs in in a tab of its own", async () => {
      hostPages.set(LISTED_PORT, iframe(`/shared/${googleShare}`));
      await visitor.page.goto(LISTED_SITE);
      const googleFrame = visitor.page.frameLocator("iframe");
      await expect(googleFrame.getByTestId("shared-title").filter({ visible: true })).toHaveText("會員嵌入小幫手");
      const tab = visitor.context.waitForEvent("page");
      await googleFrame.getByTestId("shared-sign-in").click();
      await expect(googleFrame.getByText("已在新分頁開啟登入，登入後請在該分頁繼續對話")).toBeVisible();
      const signedIn = await tab;
      await signedIn.waitForURL(`**/shared/${googleShare}`);
      await expect(signedIn.getByTestId("shared-signed-in")).toContainText(GOOGLE_USER.name);
      expect(visitor.violations).toEqual([]);
      await visitor.context.close();
    });

    // Refused: the same share on a site not listed, any other page, and a share with no sites.
    for (const [port, path, directive] of [
      [UNLISTED_PORT, `/shared/${embedShare}`, `frame-ancestors ${LISTED_SITE}`],
      [LISTED_PORT, `/shared/${openShare}`, "frame-ancestors 'none'"],
      [LISTED_PORT, "/guide", "frame-ancestors 'none'"],
      [LISTED_PORT, `/shared/${embedShare}/opengraph-image`, "frame-ancestors 'none'"],
    ] as const) {
      await test.step(`refused: ${path} framed by port ${port}`, async () => {
        hostPages.set(port, iframe(path));
        const blocked = await freshContext(browser);
        const refusal = blocked.page.waitForEvent("console", (m) => m.text().includes("frame-ancestors"));
        await blocked.page.goto(`http://localhost:${port}`);
        // Chromium: "Framing '<origin>/' violates the following Content Security Policy directive: "frame-ancestors …". The request has been blocked."
        const text = (await refusal).text();
        expect(text, path).toContain(`'${E2E_BASE_URL}/'`);
        expect(text, path).toContain(`"${directive}"`);
        expect(text, path).toContain("blocked");
        await expect(blocked.page.frameLocator("iframe").getByTestId("shared-title")).toHaveCount(0);
        await blocked.context.close();
      });
    }
  });

  test("over https, COOP keeps the Google sign-in popup's way back to the page; same-origin, or a COOP on its landing page, would cut it", async ({ browser }) => {
    test.setTimeout(120_000);
    const https: SecuritySettings = { appUrl: "https://docs.example.com", development: false };
    /**
     * Signs in from a share page whose documents get the COOP an https deployment sends (the app
     * here is served over http). Playwright routes no redirect's follow-up, and the loopback
     * provider answers with redirects only, so each redirect of the popup becomes a page that
     * moves on: the provider then shows a page of its own first, as Google's account chooser
     * does, and the landing page is a navigation of its own that gets its COOP.
     */
    async function signIn(coop: { opener: string; landing: string }) {
      const { context, page } = await freshContext(browser);
      await context.route(`${E2E_BASE_URL}/shared/**`, async (route) => {
        if (route.request().resourceType() !== "document") return route.continue();
        const landing = new URL(route.request().url()).searchParams.get("popup") === "true";
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), "cross-origin-opener-policy": landing ? coop.landing : coop.opener } });
      });
      const committed = async (route: Route) => {
        if (route.request().resourceType() !== "document") return route.continue();
        const response = await route.fetch({ maxRedirects: 0 });
        const { location, "content-security-policy": _policy, ...headers } = response.headers();
        if (!location) return route.fulfill({ response });
        const target = new URL(location, route.request().url()).href.replace(/&/g, "&amp;");
        await route.fulfill({ status: 200, headers: { ...headers, "content-type": "text/html" }, body: `<meta http-equiv="refresh" content="0;url=${target}">` });
      };
      await context.route(`${E2E_BASE_URL}/api/auth/**`, committed);
      for (const host of ["localhost", "127.0.0.1"]) await context.route(`http://${host}:${OIDC_PORT}/**`, committed);
      await page.goto(`/shared/${openShare}`, { timeout: 30_000 });
      const opened = page.waitForEvent("popup", { timeout: 30_000 });
      await page.getByTestId("shared-sign-in").click();
      return { context, page, popup: await opened };
    }
    const built = (signInPopup: boolean) => pageSecurityHeaders({ nonce: "unused", embedOrigins: [], signInPopup }, https)["Cross-Origin-Opener-Policy"];

    // What the proxy sends: same-origin-allow-popups on the page, none (unsafe-none) where the popup lands.
    const working = await signIn({ opener: built(false), landing: built(true) });
    // Each step bounded on its own, so that a hang names its step rather than the test's timeout.
    await working.popup.waitForEvent("close", { timeout: 45_000 });
    await expect(working.page.getByText("登入成功")).toBeVisible();
    await expect(working.page.getByTestId("shared-signed-in")).toContainText(GOOGLE_USER.name);
    await working.context.close();

    // Controls: the popup loses its opener (and stays open, unable to report) if its landing page
    // sent the page's COOP, or if the page sent same-origin.
    for (const coop of [
      { opener: built(false), landing: built(false) },
      { opener: "same-origin", landing: built(true) },
    ]) {
      const severed = await signIn(coop);
      await expect(severed.popup.getByText("登入成功")).toBeVisible({ timeout: 20_000 });
      expect(await severed.popup.evaluate(() => window.opener), JSON.stringify(coop)).toBeNull();
      expect(severed.popup.isClosed()).toBe(false);
      await severed.context.close();
    }
  });
});
