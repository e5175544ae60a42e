import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { ownInstance } from "./support/app-instance";
import { signIn, askInChat as ask } from "./support/helpers";
import { WEB_PAGES_PORT, WEB_PAGES_SITE_PORT } from "./support/ports";

// A web page as a document, as a person adds one: its address typed into the file library, the
// page read and listed with its address, a question answered only by it, and the source opening
// the page itself; then the page changes and is fetched again into the same document.
//
// The site is a local server on loopback, which the outbound rules refuse; this instance is the
// operator's who named that one host and port in OUTBOUND_ALLOWED_HOSTS (an app-wide setting,
// hence an instance of its own).

const SITE = `http://127.0.0.1:${WEB_PAGES_SITE_PORT}`;
const OWNER = { email: "web-pages-owner@example.com", password: "web-pages-owner-1", name: "網頁擁有者" };
const BASE = ownInstance(test, { port: WEB_PAGES_PORT, prefix: "docchat-web-pages-", firstAdmin: OWNER, env: { OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${WEB_PAGES_SITE_PORT}` } });
test.use({ baseURL: BASE });

const TITLE = "市立游泳池開放時間";
let lifeguardWord = "藍鯨四十二";

const page = (title: string, body: string) => `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><title>${title}</title></head><body>
<nav><a href="/">首頁</a> <a href="/news">最新消息</a> <a href="/about">關於我們</a></nav>
<main><article><h1>${title}</h1>${body}</article></main><footer>© 2026 市政府 版權所有</footer></body></html>`;

let site: Server;
test.beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === "/pool") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        page(
          TITLE,
          `<p>市立游泳池自七月起延長開放時間，平日早上六點開館，晚上十點閉館，假日則延長至晚上十一點。</p>
           <p>游泳池救生員的通關暗號是「${lifeguardWord}」，請向櫃檯人員出示。</p>
           <p>入場費用為全票一百元、優待票五十元，持市民卡可再享九折優惠。</p>`,
        ),
      );
    } else if (req.url === "/members") {
      res.writeHead(401).end("sign in first");
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(WEB_PAGES_SITE_PORT, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test.describe.serial("web pages", () => {
  test("an owner adds a page by its address, asks what only the page says, and the source links back to it; fetched again, the answer follows the page", async ({ page: p }) => {
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto("/?tab=files");
    const field = p.getByLabel("從網址新增網頁");
    await field.fill(`${SITE}/pool`);
    await field.press("Enter");
    const row = p.getByTestId(`document-row-${TITLE}`);
    await expect(row).toHaveAttribute("data-status", "processed", { timeout: 30_000 });
    await expect(field).toHaveValue("");
    await expect(row.getByTestId("web-page-link")).toHaveAttribute("href", `${SITE}/pool`);
    await expect(row.getByTestId("web-page-source")).toContainText("擷取於");

    await p.goto("/");
    const reply = await ask(p, "游泳池救生員的通關暗號是什麼？");
    await expect(reply).toContainText("藍鯨四十二");
    const chip = p.getByTestId("source-chip").filter({ hasText: TITLE }).last();
    await chip.click();
    const quote = p.getByTestId("source-quote").last();
    await expect(quote).toContainText(TITLE);
    await expect(quote).toContainText("藍鯨四十二");
    const link = quote.getByTestId("source-page-link");
    await expect(link).toHaveAttribute("href", `${SITE}/pool`);
    await expect(link).toHaveAttribute("target", "_blank");

    // The page changes; fetched again, the same document answers with the new text.
    lifeguardWord = "白鷺九十九";
    await p.goto("/?tab=files");
    await p.getByRole("button", { name: `重新擷取「${TITLE}」` }).click();
    // The refresh's toast ends as the outcome once the new copy is processed.
    await expect(p.getByText(`「${TITLE}」已可開始提問`)).toBeVisible({ timeout: 30_000 });
    await expect(row).toHaveAttribute("data-status", "processed");
    await expect(p.getByTestId(/^document-row-/)).toHaveCount(1);
    await p.goto("/");
    const after = await ask(p, "游泳池救生員的通關暗號是什麼？");
    await expect(after).toContainText("白鷺九十九");
    await expect(after).not.toContainText("藍鯨四十二");
  });

  test("on a phone, a page behind a sign-in and a private address are refused with their reasons under the field, and nothing is added", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, hasTouch: true });
    const p = await context.newPage();
    await signIn(p, OWNER.email, OWNER.password);
    await p.goto("/?tab=files");
    const field = p.getByLabel("從網址新增網頁");
    await expect(field).toBeInViewport();
    await field.fill(`${SITE}/members`);
    await p.getByTestId("add-web-page-button").tap();
    await expect(p.getByTestId("web-page-error")).toHaveText("這個網頁需要登入才能檢視，無法擷取；請改為下載後上傳檔案");
    await expect(field).toHaveValue(`${SITE}/members`);
    await field.fill("http://10.0.0.1/intranet");
    await field.press("Enter");
    await expect(p.getByTestId("web-page-error")).toHaveText("無法擷取內部網路或本機的網址，只能新增公開的網頁");
    await expect(p.getByTestId(/^document-row-/)).toHaveCount(1);
    await context.close();
  });
});
