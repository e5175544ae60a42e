import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { apiAs, newAccount, signInAs, type Account } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/accessibility";
import { E2E_BASE_URL } from "./support/ports";
import { reachForChat } from "./support/shares";
import { askInChat } from "./support/helpers";

// Assistants made from documents (docs/rules/assistants.md), as an owner and their guests meet them: two assistants
// each made from one document on the screens, both shared, and a guest on each link who gets
// answers (and citations) from that assistant's document only; the chat header's switcher keeping
// a conversation per assistant; the library on a phone.

const HANDBOOK = { name: "員工手冊.txt", text: "員工手冊\n\n特休假：到職滿一年的員工享有七天特休假，請於人事系統申請。\n\n加班費：平日加班前兩小時以時薪的 1.34 倍計算。" };
const FAQ = { name: "產品FAQ.txt", text: "產品常見問題\n\n保固期間：本產品自購買日起保固兩年，保固期內免費維修。\n\n退貨：收到商品七天內可無條件退貨。" };
const NOTHING_ZH = "在目前的文件中找不到與這個問題直接相關的內容。";
const NOTHING_EN = "I could not find anything in the documents that answers this directly.";

interface Listed {
  id: string;
  name: string;
}

async function uploadAndWait(api: APIRequestContext, files: { name: string; text: string }[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const file of files) {
    const res = await api.post("/api/documents/upload", { multipart: { file: { name: file.name, mimeType: "text/plain", buffer: Buffer.from(file.text) } } });
    expect(res.status(), await res.text()).toBe(201);
    ids[file.name] = ((await res.json()) as { id: string }).id;
  }
  await expect
    .poll(async () => ((await (await api.get("/api/documents")).json()) as { id: string; status: string }[]).filter((d) => Object.values(ids).includes(d.id) && d.status === "processed").length, { timeout: 30_000 })
    .toBe(files.length);
  return ids;
}

async function assistantsOf(api: APIRequestContext): Promise<Listed[]> {
  return ((await (await api.get("/api/assistants")).json()) as { assistants: Listed[] }).assistants;
}

async function ask(page: Page, question: string) {
  const replies = page.getByTestId("message-assistant");
  await askInChat(page, question, { send: "button", timeout: 30_000 });
  // The streamed bubble is replaced by the stored reply, with its sources, once it is done; only a
  // stored message has a copy button.
  await expect(replies.last().getByTestId("copy-message")).toHaveCount(1, { timeout: 30_000 });
  return replies.last();
}

/** A guest on a share link, in a browser of their own, asking one question whose answer is elsewhere and one in the link's own document. */
async function guestAsks(browser: Browser, link: string, locale: "zh-TW" | "en", questions: { elsewhere: string; own: string; ownAnswer: string; ownDocument: string; otherDocument: string }) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: E2E_BASE_URL }]);
  const page = await context.newPage();
  try {
    await page.goto(link);
    await reachForChat(page);
    const elsewhere = await ask(page, questions.elsewhere);
    await expect(elsewhere).toContainText(locale === "en" ? NOTHING_EN : NOTHING_ZH);
    await expect(elsewhere.getByTestId("source-chip")).toHaveCount(0);
    // The topics it offers instead are its own document's, never the other assistant's.
    await expect(elsewhere).toContainText(questions.ownDocument);
    await expect(elsewhere).not.toContainText(questions.otherDocument);
    const own = await ask(page, questions.own);
    await expect(own).toContainText(questions.ownAnswer);
    await expect(own.getByTestId("source-chip").first()).toContainText(questions.ownDocument);
  } finally {
    await context.close();
  }
}

/** axe on the screen itself: a toast still sliding in is half transparent, so it waits for the last toast to go. */
async function audit(page: Page, context: string) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousViolations(page, context);
}

/** Makes an assistant in the open editor: its name, then its one document ticked in the knowledge picker. */
async function fillEditor(page: Page, name: string, documentName: string) {
  const editor = page.getByTestId("assistant-editor");
  await expect(editor).toBeVisible();
  await editor.locator("#assistant-name-input").fill(name);
  await expect(editor.getByTestId("knowledge-chosen")).toBeChecked();
  await editor.getByTestId("knowledge-search").fill(documentName.slice(0, 3));
  await editor.getByRole("checkbox", { name: documentName }).check();
  await expect(editor.getByTestId("knowledge-count")).toHaveText("已選擇 1 份文件、0 個文件集");
  await editor.getByTestId("assistant-settings-save").click();
  await expect(page.getByText(`已建立助理「${name}」`)).toBeVisible();
  await expect(editor).toHaveCount(0);
}

test.describe("assistants made from documents", () => {
  let owner: Account;
  test.beforeAll(async () => {
    owner = await newAccount({ prefix: "assistants" });
  });

  test("two assistants from one document each, both shared: a guest on each link is answered only from its assistant's document", async ({ browser, page }) => {
    test.setTimeout(180_000);
    const api = await apiAs(owner);
    await uploadAndWait(api, [HANDBOOK, FAQ]);
    // Sharing copies the link and opens it in a new tab; this test reads the links from the shares tab.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    page.on("popup", (opened) => void opened.close());
    await signInAs(page, owner);

    // 員工手冊助理, made in the assistants tab.
    await page.goto("/?tab=assistants");
    await expect(page.getByTestId("assistant-card")).toHaveCount(1);
    await page.getByTestId("create-assistant").click();
    await expect(page.getByTestId("knowledge-document")).toHaveCount(2);
    await audit(page, "the new assistant's editor with its knowledge picker");
    await fillEditor(page, "員工手冊助理", HANDBOOK.name);
    const handbookCard = page.getByTestId("assistant-card").filter({ hasText: "員工手冊助理" });
    await expect(handbookCard.getByTestId("assistant-knowledge")).toHaveText("已選 1 份文件");
    await expect(handbookCard.getByTestId("assistant-document-count")).toHaveText("從 1 份文件回答");
    await audit(page, "the assistants tab");

    // 產品 FAQ, made from the chat header's switcher: the chat then is with it, and the address says so.
    await page.getByTestId("tab-chat").click();
    await page.getByTestId("assistant-switcher").click();
    await expect(page.getByTestId("assistant-switcher-menu")).toBeVisible();
    await audit(page, "the assistant switcher's menu");
    await page.getByTestId("new-assistant").click();
    await fillEditor(page, "產品 FAQ", FAQ.name);
    await expect(page.getByTestId("assistant-name").filter({ visible: true })).toHaveText("產品 FAQ");
    const faq = (await assistantsOf(api)).find((a) => a.name === "產品 FAQ")!;
    await expect(page).toHaveURL(new RegExp(`[?&]assistant=${faq.id}`));

    // Shared: 產品 FAQ from the chat header (the chat's assistant), 員工手冊助理 from its card.
    await page.getByTestId("share-assistant-button").click();
    await expect(page.getByText("已建立新的分享連結，並嘗試在新分頁開啟", { exact: true }).first()).toBeVisible();
    await page.getByTestId("tab-assistants").click();
    await handbookCard.getByTestId("assistant-share").click();
    await expect(handbookCard.getByTestId("assistant-share-count")).toHaveText("1 個分享連結");

    // The shares tab says whose each link is.
    await page.getByTestId("tab-shares").click();
    const rows = page.getByTestId("share-row");
    await expect(rows).toHaveCount(2);
    const linkOf = async (assistantName: string) => (await rows.filter({ has: page.getByTestId("share-assistant").getByText(`助理：${assistantName}`, { exact: true }) }).getByTestId("share-link").textContent())!;
    await audit(page, "the shares tab with each share's assistant");
    const handbookLink = await linkOf("員工手冊助理");
    const faqLink = await linkOf("產品 FAQ");
    expect(handbookLink).not.toBe(faqLink);

    await guestAsks(browser, handbookLink, "zh-TW", { elsewhere: "保固期間多久？", own: "特休假有幾天？", ownAnswer: "七天特休假", ownDocument: HANDBOOK.name, otherDocument: FAQ.name });
    await guestAsks(browser, faqLink, "zh-TW", { elsewhere: "特休假有幾天？", own: "保固期間多久？", ownAnswer: "保固兩年", ownDocument: FAQ.name, otherDocument: HANDBOOK.name });
    await api.dispose();
  });

  test("in English: the switcher keeps a conversation per assistant, across reloads; a guest's question outside its link's document is not answered", async ({ browser, page }) => {
    test.setTimeout(150_000);
    const account = await newAccount({ prefix: "assistants-en" });
    const api = await apiAs(account);
    const ids = await uploadAndWait(api, [HANDBOOK, FAQ]);
    const made = async (name: string, documentId: string) =>
      ((await (await api.post("/api/assistants", { data: { name, knowledge: { all: false, documentIds: [documentId] } } })).json()) as Listed).id;
    const handbook = await made("Handbook helper", ids[HANDBOOK.name]);
    const faq = await made("Product FAQ", ids[FAQ.name]);
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E_BASE_URL }]);
    await signInAs(page, account);

    await page.goto(`/?assistant=${handbook}`);
    await expect(page.getByTestId("assistant-name").filter({ visible: true })).toHaveText("Handbook helper");
    const handbookReply = await ask(page, "特休假有幾天？");
    await expect(handbookReply.getByTestId("source-chip").first()).toContainText(HANDBOOK.name);

    // Switched from the keyboard: the other assistant's conversation is its own (empty), and the address follows.
    await page.getByTestId("assistant-switcher").focus();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("assistant-switcher-menu");
    await expect(menu.getByTestId("assistant-option")).toHaveText(["Document AssistantDefault", "Handbook helper", "Product FAQ"]);
    await expect(menu.getByRole("menuitemradio", { checked: true })).toHaveText("Handbook helper");
    await menu.getByRole("menuitemradio", { name: "Product FAQ" }).click();
    await expect(page.getByTestId("assistant-name").filter({ visible: true })).toHaveText("Product FAQ");
    await expect(page).toHaveURL(new RegExp(`[?&]assistant=${faq}`));
    await expect(page.getByTestId("home")).toBeVisible();
    await expect(page.getByTestId("message-user")).toHaveCount(0);
    const faqReply = await ask(page, "How long is the warranty? 保固期間多久？");
    await expect(faqReply.getByTestId("source-chip").first()).toContainText(FAQ.name);

    // A reload keeps the assistant and its conversation; the other one still has its own.
    await page.reload();
    await expect(page.getByTestId("assistant-name").filter({ visible: true })).toHaveText("Product FAQ");
    await expect(page.getByTestId("message-user")).toHaveText(["How long is the warranty? 保固期間多久？"]);
    await page.getByTestId("assistant-switcher").click();
    await page.getByTestId("assistant-switcher-menu").getByRole("menuitemradio", { name: "Handbook helper" }).click();
    await expect(page.getByTestId("message-user")).toHaveText(["特休假有幾天？"]);

    // Start over clears this assistant's conversation only.
    await page.getByTestId("start-over").click();
    await page.getByTestId("confirm-start-over").click();
    await expect(page.getByTestId("message-user")).toHaveCount(0);
    expect(await (await api.get(`/api/messages?assistantId=${faq}`)).json()).toHaveLength(2);

    // A guest on the FAQ's link, in English: the handbook's question finds nothing and cites nothing.
    const share = (await (await api.post("/api/shared-assistants", { data: { name: "Product FAQ", rolePrompt: "", includeDocuments: true, assistantId: faq } })).json()) as { shareUrl: string };
    await guestAsks(browser, share.shareUrl, "en", { elsewhere: "How many days of annual leave? 特休假有幾天？", own: "保固期間多久？", ownAnswer: "保固兩年", ownDocument: FAQ.name, otherDocument: HANDBOOK.name });
    await api.dispose();
  });

  test("the library on a phone: 60 documents, 50 a page, searched, filtered and added to a new collection from the keyboard and the thumb", async ({ browser }) => {
    test.setTimeout(150_000);
    const account = await newAccount({ prefix: "assistants-library" });
    const api = await apiAs(account);
    // Long names without spaces, as exported files often have: no row may widen the page.
    const files = Array.from({ length: 60 }, (_, i) => ({ name: `規章 ${String(i + 1).padStart(2, "0")}-employee-handbook-general-provisions-and-policies.txt`, text: `第 ${i + 1} 條規定：請遵守公司規章。` }));
    await uploadAndWait(api, files);
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signInAs(page, account);
    await page.goto("/?tab=files");

    const rows = page.locator('[data-testid^="document-row-"]');
    await expect(rows).toHaveCount(50);
    await expect(page.getByTestId("library-count")).toHaveText("共 60 份文件");
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId("library-pagination").getByRole("button", { name: "下一頁" }).tap();
    await expect(rows).toHaveCount(10);
    await expect(page.getByTestId("library-pagination")).toContainText("第 2 / 2 頁");

    await page.getByTestId("library-search").fill("規章 0");
    await expect(rows).toHaveCount(9);
    await page.getByTestId("select-all").tap();
    const bar = page.getByTestId("bulk-bar");
    await expect(bar).toContainText("已選取 9 個");
    await bar.getByTestId("bulk-add").tap();
    await page.getByTestId("bulk-add-new-collection").tap();
    await page.getByTestId("bulk-new-collection-name").fill("第一章");
    await page.keyboard.press("Enter");
    await expect(page.getByText("已將 9 份文件加入「第一章」")).toBeVisible();
    await expect(rows.first().getByTestId("document-collection")).toHaveText("文件集：第一章");
    await audit(page, "the library with a selection and its chips");

    // The collection is a filter now, and the library's collections can be renamed.
    await page.getByTestId("library-search").fill("");
    await page.getByTestId("filter-collection").selectOption({ label: "第一章" });
    await expect(rows).toHaveCount(9);
    await page.getByTestId("manage-collections").tap();
    await expect(page.getByTestId("collections-dialog")).toBeVisible();
    await audit(page, "the collections dialog");
    await page.getByTestId("rename-collection").tap();
    await page.getByTestId("rename-collection-input").fill("總則");
    await page.keyboard.press("Enter");
    await expect(page.getByText("文件集已改名為「總則」")).toBeVisible();
    await expect(page.getByTestId("collection-row")).toContainText("9 份文件");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
    await api.dispose();
  });
});
