import { expect, test, type Browser } from "@playwright/test";
import { apiAs, newAccount, signInAs, type Account } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/accessibility";
import { askInChat } from "./support/helpers";
import { E2E_BASE_URL } from "./support/ports";
import { createShare, ensureWasteDocument, reachForChat } from "./support/shares";

// Owners learn from their visitors: a guest asks three questions on a share, one the documents do
// not answer, and thumbs that reply down with a comment; the owner finds it on the assistant's
// insights, writes the right answer, and the guest's rewording is answered with it, labelled as the
// owner's. In Chromium, zh-TW and English, on a phone and a desktop, light and dark.

const OUTSIDE = "太空梭的燃料是什麼成分？";
const REWORDED = "請問太空梭燃料的成分是什麼";
const FIX = "太空梭主引擎燒的是液態氫與液態氧。";

let owner: Account;
let shareId = "";
let assistantId = "";

test.beforeAll(async () => {
  owner = await newAccount({ prefix: "insights" });
  const api = await apiAs(owner);
  await ensureWasteDocument(api);
  shareId = await createShare(api, `洞察小幫手 ${Date.now()}`);
  const { assistants } = (await (await api.get("/api/assistants")).json()) as { assistants: { id: string; isDefault: boolean }[] };
  assistantId = assistants.find((a) => a.isDefault)!.id;
  await api.dispose();
});

async function guestOnPhone(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto(`/shared/${shareId}`);
  await reachForChat(page);
  const ask = (question: string) => askInChat(page, question, { send: "button" });
  return { context, page, ask };
}

test("a guest's thumbs-down reaches the owner's insights, whose answer then answers the rewording", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const guest = await guestOnPhone(browser);
  await expect(await guest.ask("資源回收是哪幾天？")).toContainText("每週二與週四");
  await guest.ask("巨大垃圾要怎麼丟？");
  const outside = await guest.ask(OUTSIDE);

  // Thumbs down from the keyboard, with a comment; the live region says it was kept.
  const rating = outside.getByTestId("reply-rating");
  await rating.getByTestId("rate-down").focus();
  await guest.page.keyboard.press("Enter");
  await expect(rating.getByTestId("rate-down")).toHaveAttribute("aria-pressed", "true");
  await expect(rating.getByTestId("rating-status")).toHaveText("謝謝，已記錄您的評價");
  await rating.getByTestId("rating-comment").fill("沒有回答燃料的成分");
  await rating.getByTestId("rating-comment-send").click();
  await expect(rating.getByTestId("rating-status")).toHaveText("謝謝，已送出您的說明");
  await expectNoSeriousViolations(guest.page, "shared page with a rated reply, zh-TW dark 390");
  await guest.page.screenshot({ path: testInfo.outputPath("shared-rated-zh-dark-390.png") });

  // The owner, on a desktop in English.
  const desk = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 1280, height: 900 } });
  await desk.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E_BASE_URL }]);
  const page = await desk.newPage();
  await page.goto("/auth");
  await signInAs(page, owner);
  await page.goto(`/insights/${assistantId}`);
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page.getByTestId("insights-unanswered")).toContainText(OUTSIDE);
  const down = page.getByTestId("insights-thumbs-down-row").filter({ hasText: OUTSIDE });
  await expect(down).toContainText("Comment: 沒有回答燃料的成分");
  // The guest is only "visitor N", the same number in both lists.
  const label = (await down.getByTestId("insights-visitor").textContent()) ?? "";
  expect(label).toMatch(/^Visitor \d+$/);
  await expect(page.getByTestId("insights-unanswered-row").filter({ hasText: OUTSIDE }).getByTestId("insights-visitor")).toHaveText(label);
  await expect(page.getByTestId("insights-activity-chart").locator("svg").first()).toBeVisible();
  await expectNoSeriousViolations(page, "insights en light 1280");
  // Kept with the run's output, to be looked at.
  await page.screenshot({ path: testInfo.outputPath("insights-en-light-1280.png"), fullPage: true });

  // The row opens its conversation.
  await down.getByTestId("open-conversation").click();
  await expect(page.getByTestId("insights-conversation").getByTestId("conversation-messages")).toContainText("巨大垃圾要怎麼丟？");
  await page.keyboard.press("Escape");

  // The right answer, written from the row.
  await down.getByTestId("write-answer").click();
  await expect(page.getByTestId("answer-question")).toHaveValue(OUTSIDE);
  await page.getByTestId("answer-text").fill(FIX);
  await page.getByTestId("answer-save").click();
  await expect(page.getByTestId("curated-answer")).toContainText(FIX);

  // The guest's rewording gets it, labelled as the owner's.
  const fixed = await guest.ask(REWORDED);
  await expect(fixed).toContainText(FIX);
  await expect(fixed.getByTestId("owner-answer")).toHaveText("由助理擁有者撰寫的答案");

  // The screen on a phone, in Chinese, dark.
  const phone = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  const small = await phone.newPage();
  await small.goto("/auth");
  await signInAs(small, owner);
  await small.goto(`/insights/${assistantId}`);
  await expect(small.getByRole("heading", { name: "問答洞察", level: 1 })).toBeVisible();
  await expect(small.getByTestId("insights-unanswered")).toContainText(OUTSIDE);
  await expect(small.getByTestId("insights-unanswered-row").filter({ hasText: OUTSIDE }).getByTestId("insights-visitor")).toHaveText(label.replace("Visitor", "訪客"));
  const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(small, "insights zh-TW dark 390");
  await small.screenshot({ path: testInfo.outputPath("insights-zh-dark-390.png"), fullPage: true });

  await Promise.all([guest.context.close(), desk.close(), phone.close()]);
});
