import { readFileSync } from "node:fs";
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { apiAs, newAccount, type Account } from "./support/accounts";
import { signIn } from "./support/helpers";
import { E2E_BASE_URL } from "./support/ports";
import { createShare, ensureWasteDocument } from "./support/shares";

// This spec's own workspace owner: what it uploads, asks and shares is nobody else's (support/accounts.ts).
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount({ prefix: "keyboard" });
});

// The chat from the keyboard alone (docs/rules/quality.md#accessibility): after the page has loaded, nothing here
// clicks. Tab, Shift+Tab, Enter, Space, Escape and the arrows send a question, pick a suggested
// follow-up, open a reply's sources, download an export, and open and close dialogs and menus —
// in the owner's chat and on a share's public page. Every stop of Tab shows where focus is, dialogs
// and sheets keep Tab inside until Escape, which hands focus back to what opened them.

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 } };
const QUESTION = "資源回收是哪幾天？";

interface Focused {
  testid: string | null;
  tag: string;
  name: string;
  inDialog: boolean;
  /** Whether something on screen marks it: its own ring or outline, or its box's (a focus-within ring). */
  marked: boolean;
}

/** What has focus now, and whether it shows. The unfocused look is a shallow copy with the same classes beside it. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const look = (e: Element) => {
      const s = getComputedStyle(e);
      return { outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0 ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : "none", shadow: s.boxShadow };
    };
    const differs = (e: Element) => {
      const now = look(e);
      const copy = e.cloneNode(false) as HTMLElement;
      copy.removeAttribute("id");
      copy.setAttribute("aria-hidden", "true");
      e.parentElement!.append(copy);
      const before = look(copy);
      copy.remove();
      return (now.outline !== "none" && now.outline !== before.outline) || (now.shadow !== "none" && now.shadow !== before.shadow);
    };
    let marked = false;
    if (el && el !== document.body) {
      let e: Element | null = el;
      for (let i = 0; e && e !== document.body && i < 3 && !marked; i++, e = e.parentElement) marked = differs(e);
    }
    return {
      testid: el?.getAttribute("data-testid") ?? null,
      tag: el?.tagName.toLowerCase() ?? "",
      name: (el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim().slice(0, 40),
      inDialog: !!el?.closest('[role="dialog"], [role="alertdialog"]'),
      marked,
    };
  });
}

/**
 * Waits until the focused element (and the two around it that may draw its ring) has no transition
 * or animation still running, so its look is the one it settles on. Asking for the animations also
 * brings the styles up to date, so a transition the focus has just started is among them.
 */
async function focusSettled(page: Page) {
  await page.waitForFunction(() => {
    let e: Element | null = document.activeElement;
    for (let i = 0; e && i < 3; i++, e = e.parentElement) {
      if (e.getAnimations().some((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)) return false;
    }
    return true;
  }, undefined, { timeout: 3_000 });
}

/**
 * Presses Tab (or Shift+Tab) until focus is on an element matching `selector` (none if it is there); every stop on the
 * way must show its focus (checked once a ring that fades in has). Fails after `max` stops.
 */
async function tabTo(page: Page, selector: string, { back = false, max = 60 } = {}) {
  const unmarked: string[] = [];
  if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    await focusSettled(page);
    const here = await focused(page);
    if (here.tag !== "body" && !here.marked) unmarked.push(`${here.tag}[${here.testid ?? ""}] "${here.name}"`);
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) {
      expect.soft(unmarked, `focus not visible on the way to ${selector}`).toEqual([]);
      return;
    }
  }
  throw new Error(`${selector} not reached in ${max} presses of ${back ? "Shift+Tab" : "Tab"} (focus is on ${JSON.stringify(await focused(page))})`);
}

async function expectFocusOn(page: Page, testid: string) {
  await expect.poll(async () => (await focused(page)).testid).toBe(testid);
}

/** Tab and Shift+Tab, twelve each, never leave the open dialog; Escape closes it and focus is back on its trigger. */
async function expectTrappedThenEscape(page: Page, dialogSelector: string, triggerTestid: string) {
  const dialog = page.locator(dialogSelector);
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(page)).inDialog, { message: "focus moves into the dialog as it opens" }).toBe(true);
  const seen = new Set<string>();
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      const here = await focused(page);
      expect(here.inDialog, `${key} #${i + 1} left the dialog for ${here.tag}[${here.testid}] "${here.name}"`).toBe(true);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      seen.add(`${here.tag}|${here.testid}|${here.name}`);
    }
  }
  // The cycle went through the dialog's controls, not one element over and over.
  expect(seen.size).toBeGreaterThan(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expectFocusOn(page, triggerTestid);
}

/** Every text the live region held while a reply came in (watched in the page, mutation by mutation). */
async function watchAnnouncements(page: Page) {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="reply-announcement"]')!;
    const w = window as unknown as { announced: string[]; announcer?: MutationObserver };
    w.announcer?.disconnect();
    w.announced = [];
    w.announcer = new MutationObserver(() => w.announced.push(region.textContent ?? ""));
    w.announcer.observe(region, { childList: true, subtree: true, characterData: true });
  });
}
const announced = (page: Page) => page.evaluate(() => (window as unknown as { announced: string[] }).announced.filter((t) => t.trim() !== ""));

async function newPage(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, ...options });
  return { context, page: await context.newPage() };
}

test("the sign-in screen's tabs from the keyboard: one Tab stop, arrows, Home and End select, Tab goes on into the panel", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  await page.goto("/auth");
  const signin = page.getByTestId("tab-signin");
  const register = page.getByTestId("tab-register");
  await expect(signin).toHaveAttribute("aria-selected", "true");
  await tabTo(page, '[data-testid="tab-signin"]');
  await page.keyboard.press("ArrowRight");
  await expectFocusOn(page, "tab-register");
  await expect(register).toHaveAttribute("aria-selected", "true");
  await expect(signin).toHaveAttribute("aria-selected", "false");
  await expect(page.getByTestId("register-form")).toBeVisible();
  await expect(page.getByTestId("signin-form")).toHaveCount(0);
  await page.keyboard.press("ArrowRight");
  await expectFocusOn(page, "tab-signin");
  await page.keyboard.press("End");
  await expectFocusOn(page, "tab-register");
  await page.keyboard.press("Home");
  await expectFocusOn(page, "tab-signin");
  await page.keyboard.press("ArrowLeft");
  await expectFocusOn(page, "tab-register");
  // The panel, named by its tab, comes next, then the form's first field; the other tab is no Tab stop.
  await page.keyboard.press("Tab");
  const panel = page.getByRole("tabpanel");
  await expect(panel).toBeFocused();
  await expect(panel).toHaveAccessibleName(await register.innerText());
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="register-form"]') !== null)).toBe(true);
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expectFocusOn(page, "tab-register");
  await page.keyboard.press("Shift+Tab");
  expect((await focused(page)).testid).not.toBe("tab-signin");
  await context.close();
});

test.describe("the chat from the keyboard alone", () => {
  let shareId = "";

  test.beforeAll(async () => {
    const api = await apiAs(owner);
    await ensureWasteDocument(api);
    shareId = await createShare(api, "鍵盤小幫手");
    await api.dispose();
  });

  test("the owner's chat on a desktop: send, a follow-up, sources, export, dialogs and menus", async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, owner.email, owner.password);
    await page.request.delete("/api/messages", { headers: { origin: E2E_BASE_URL } });
    await page.goto("/");
    await expect(page.getByTestId("chat-screen")).toBeVisible();
    await expect(page.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });

    // Type and send: Enter sends, and focus stays in the box for the next question.
    await tabTo(page, '[data-testid="message-input"]');
    await watchAnnouncements(page);
    await page.keyboard.type(QUESTION);
    await page.keyboard.press("Enter");
    const reply = page.getByTestId("message-assistant").last();
    await expect(reply).toContainText("每週二與週四", { timeout: 20_000 });
    await expectFocusOn(page, "message-input");
    // Screen readers heard the finished reply once, not each streamed line of it.
    await expect.poll(() => announced(page)).toHaveLength(1);
    expect((await announced(page))[0]).toContain("每週二與週四");

    // A reply's source: the chip opens its quote (Enter) and closes it (Space).
    await tabTo(page, '[data-testid="source-chip"]', { back: true });
    await page.keyboard.press("Enter");
    await expect(reply.getByTestId("source-quote")).toContainText("資源回收");
    await expect(reply.getByTestId("source-chip").first()).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(reply.getByTestId("source-quote")).toHaveCount(0);
    // The citation in the text opens the same quote.
    await tabTo(page, '[data-testid="citation"]', { back: true });
    // Its visible text is the number alone; its name says what the number is.
    await expect(page.locator(":focus")).toHaveAccessibleName(/^來源 \d+$/);
    await page.keyboard.press("Enter");
    await expect(reply.getByTestId("source-quote")).toBeVisible();

    // A suggested follow-up: reached from the input with Shift+Tab, sent with Enter.
    await expect(page.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });
    await tabTo(page, '[data-testid="message-input"]');
    await tabTo(page, '[data-testid="suggestion"]', { back: true });
    const picked = (await page.evaluate(() => document.activeElement!.textContent))!.trim();
    await watchAnnouncements(page);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("message-user").last()).toHaveText(picked);
    await expect(page.getByTestId("message-assistant")).toHaveCount(2, { timeout: 20_000 });
    await expect.poll(() => announced(page)).toHaveLength(1);
    // The picked question's button went with the panel: focus is in the message box, not dropped to the page's top.
    await expectFocusOn(page, "message-input");

    // Export: the header loads the menu on Enter and it opens with focus on its first format; Enter
    // downloads it and focus comes back to the menu button. (The menu's arrows, Tab and Escape:
    // tests/component/chat/export-menu.test.tsx.)
    await tabTo(page, '[data-testid="export-menu"]', { back: true });
    await page.keyboard.press("Enter");
    await expectFocusOn(page, "export-txt");
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/^對話記錄_.*\.txt$/);
    expect(readFileSync((await download.path())!, "utf8")).toContain(QUESTION);
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expectFocusOn(page, "export-menu");

    // The assistant's settings: a dialog that keeps focus until Escape.
    await tabTo(page, '[data-testid="assistant-settings-button"]', { back: true });
    await page.keyboard.press("Enter");
    await expectTrappedThenEscape(page, '[data-testid="assistant-settings"]', "assistant-settings-button");
    // Saved with Enter in the name box: the dialog closes and focus is back on its button.
    const saved = await (await page.request.get("/api/assistant")).json();
    try {
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("assistant-settings")).toBeVisible();
      await tabTo(page, "#assistant-name-input");
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("鍵盤助理");
      await page.keyboard.press("Enter");
      await expect(page.getByText("助理設定已儲存")).toBeVisible();
      await expect(page.getByTestId("assistant-name").filter({ visible: true })).toHaveText("鍵盤助理");
      await expect(page.getByTestId("assistant-settings")).toHaveCount(0);
      await expectFocusOn(page, "assistant-settings-button");
    } finally {
      await page.request.post("/api/assistant", { data: saved, headers: { origin: E2E_BASE_URL } });
    }

    // Refresh keeps focus where it was.
    await tabTo(page, '[data-testid="refresh-chat"]');
    const refreshed = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/messages" && res.request().method() === "GET");
    await page.keyboard.press("Enter");
    await refreshed;
    await expect(page.getByTestId("refresh-chat")).not.toHaveAttribute("aria-disabled", "true");
    await expectFocusOn(page, "refresh-chat");

    // Start over asks first, in a dialog that keeps focus too; Escape keeps the conversation.
    await tabTo(page, '[data-testid="start-over"]');
    await page.keyboard.press("Space");
    await expectTrappedThenEscape(page, '[role="alertdialog"]', "start-over");
    await expect(page.getByTestId("message-assistant")).toHaveCount(2);

    // The link-card settings panel opens from the keyboard with focus inside; Escape closes it and
    // focus returns to its button. (Tab kept inside, the sheet on a phone, the styles as a radio
    // group: tests/component/chat/link-preview-settings.test.tsx.)
    await tabTo(page, '[data-testid="link-preview-settings-button"]', { back: true });
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("link-preview-dropdown");
    await expect(panel).toBeVisible();
    await expect.poll(() => panel.evaluate((p) => p.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expectFocusOn(page, "link-preview-settings-button");

    // Start over, confirmed from the keyboard: the conversation is cleared.
    await tabTo(page, '[data-testid="start-over"]');
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await tabTo(page, '[data-testid="confirm-start-over"]');
    await page.keyboard.press("Enter");
    await expect(page.getByText("對話已清除")).toBeVisible();
    await expect(page.getByTestId("message-assistant")).toHaveCount(0);
    // Focus is back on start over (dimmed now, with nothing to clear), not dropped to the top of the page.
    await expectFocusOn(page, "start-over");
    await expect(page.getByTestId("start-over")).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await context.close();
  });

  for (const [label, options] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`a visitor on the shared page (${label}): send, a follow-up, sources, the language menu`, async ({ browser }) => {
      test.setTimeout(90_000);
      const { context, page } = await newPage(browser, options);
      await page.goto(`/shared/${shareId}`);
      await expect(page.getByTestId("shared-chat")).toBeVisible();
      // A keyboard user's first key is what fetches a new visitor's chat code (first-intent.ts).
      await page.keyboard.press("Shift");
      await expect(page.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });

      // An opening question, picked from the keyboard, is sent.
      await tabTo(page, '[data-testid="suggestion"]');
      const first = (await page.evaluate(() => document.activeElement!.textContent))!.trim();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("message-user").first()).toHaveText(first);
      await expect(page.getByTestId("message-assistant")).toHaveCount(1, { timeout: 20_000 });
      // Finished (not still streaming): the reply has been announced.
      await expect(page.getByTestId("reply-announcement")).toContainText(/\S/, { timeout: 20_000 });

      // A typed question.
      await tabTo(page, '[data-testid="message-input"]');
      await watchAnnouncements(page);
      await page.keyboard.type(QUESTION);
      await page.keyboard.press("Enter");
      const reply = page.getByTestId("message-assistant").nth(1);
      await expect(reply).toContainText("每週二與週四", { timeout: 20_000 });
      await expect.poll(() => announced(page)).toHaveLength(1);
      expect((await announced(page))[0]).toContain("每週二與週四");
      // Spoken as words: the reply's quote marks and [n] citations stay on screen, not in the speech.
      expect(await reply.textContent()).toMatch(/\[\d+\]|^>/m);
      expect((await announced(page))[0]).not.toMatch(/\[\d+\]|^>|\*\*/m);

      // Its source, from the keyboard.
      await tabTo(page, '[data-testid="source-chip"]', { back: true });
      await page.keyboard.press("Enter");
      await expect(reply.getByTestId("source-quote")).toContainText("資源回收");

      // A follow-up.
      await expect(page.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });
      await tabTo(page, '[data-testid="suggestion"]');
      const picked = (await page.evaluate(() => document.activeElement!.textContent))!.trim();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("message-user").last()).toHaveText(picked);
      await expectFocusOn(page, "message-input");
      await expect(page.getByTestId("message-assistant")).toHaveCount(3, { timeout: 20_000 });

      // The language menu: open with Enter, Escape closes it, focus is back on its button.
      await tabTo(page, '[data-testid="language-switcher"]', { back: true, max: 80 });
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu")).toBeVisible();
      await expect.poll(() => page.getByRole("menu").evaluate((m) => m.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
      await expect(page.getByRole("menu")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expectFocusOn(page, "language-switcher");
      // And it switches the language: English, chosen with the arrows.
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menu")).toBeVisible();
      await page.keyboard.press("End");
      await expectFocusOn(page, "language-en");
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("shared-badges")).toContainText("Instant replies");
      await context.close();
    });
  }

  // Focus visible: Tab through every stop of the page, round to the start; each one shows it.
  for (const theme of ["light", "dark"] as const) {
    test(`every Tab stop of the chat and the shared page shows focus (${theme})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const { context, page } = await newPage(browser, DESKTOP);
      await signIn(page, owner.email, owner.password);
      await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
      await page.request.delete("/api/messages", { headers: { origin: E2E_BASE_URL } });
      expect((await page.request.post("/api/messages", { data: { content: QUESTION }, headers: { origin: E2E_BASE_URL } })).status()).toBe(200);
      for (const path of ["/", `/shared/${shareId}`]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(new RegExp(theme));
        await expect(page.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });
        const stops: Focused[] = [];
        for (let i = 0; i < 80; i++) {
          await page.keyboard.press("Tab");
          await focusSettled(page);
          const here = await focused(page);
          if (here.tag === "body") break;
          stops.push(here);
        }
        expect(stops.length, `${path}: Tab went somewhere`).toBeGreaterThan(5);
        expect(stops.filter((s) => !s.marked).map((s) => `${s.tag}[${s.testid ?? ""}] "${s.name}"`), `${path}: stops without visible focus`).toEqual([]);
      }
      await context.close();
    });
  }
});
