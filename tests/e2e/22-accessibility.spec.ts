import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiAs, newAccount, type Account } from "./support/accounts";
import { register, signIn, uniqueEmail } from "./support/helpers";
import { E2E_BASE_URL } from "./support/ports";
import { createShare, ensureWasteDocument, reachForChat } from "./support/shares";

// This spec's own workspace owner: what it uploads, asks and shares is nobody else's (support/accounts.ts).
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount({ prefix: "a11y" });
});

// Every page, signed out, as an ordinary user and as an admin, in both languages and both themes,
// has no serious or critical axe violation (WCAG 2.1 A and AA rules), the admin console included
// (docs/rules/quality.md#accessibility).
//
// Each language is paired with one theme here (Chinese light, English dark) and with the other in
// the content-and-dialogs sweep below (English light, Chinese dark): every pairing is checked
// once, and the suite spends half the time it took to check the whole page list in all four.

type Look = { locale: "zh-TW" | "en"; theme: "light" | "dark" };
const LOOKS: Look[] = [
  { locale: "zh-TW", theme: "light" },
  { locale: "en", theme: "dark" },
];

async function lookOf(page: Page, look: Look) {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: look.locale, url: E2E_BASE_URL }]);
  await page.addInitScript(({ locale, theme }) => {
    localStorage.setItem("language", locale);
    localStorage.setItem("theme", theme);
  }, look);
}

/** Opens the page as it settles (no spinner left) and returns its serious and critical violations. */
async function violations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("[data-testid=route-spinner], [aria-busy=true]")).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ path, rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

async function checkPages(browser: Browser, paths: string[], signInAs?: { email: string; password: string }) {
  const found: { look: string; path: string; rule: string; impact?: string | null; help: string; nodes: string[] }[] = [];
  // The looks side by side, each in a context of its own: most of a page's time is the wait for the
  // network to go quiet, which the two then share.
  await Promise.all(LOOKS.map(async (look) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Each page sends only its own translations (lib/i18n/client-namespaces.ts): one it left out
    // shows as a key and is logged by next-intl as MISSING_MESSAGE.
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("MISSING_MESSAGE")) found.push({ look: `${look.locale} ${look.theme}`, path: page.url(), rule: "missing translation", impact: message.text(), help: "", nodes: [] });
    });
    if (signInAs) await signIn(page, signInAs.email, signInAs.password);
    await lookOf(page, look);
    for (const path of paths) found.push(...(await violations(page, path)).map((v) => ({ look: `${look.locale} ${look.theme}`, ...v })));
    await context.close();
  }));
  expect(found).toEqual([]);
}

let shareId = "";
const USER = { email: uniqueEmail("a11y"), password: "a11y-password-1", name: "無障礙測試" };

test.beforeAll(async ({ browser }) => {
  const api = await apiAs(owner);
  await ensureWasteDocument(api);
  shareId = await createShare(api, "無障礙小幫手");
  await api.dispose();
  const page = await browser.newPage();
  await register(page, USER);
  await page.close();
});

test("signed-out pages have no serious or critical accessibility violation", async ({ browser }) => {
  test.setTimeout(240_000);
  await checkPages(browser, ["/auth", "/auth?tab=register", "/guide", "/support", "/feedback", `/shared/${shareId}`, "/no-such-page", "/unsubscribe", "/reset-password"]);
});

test("an ordinary user's pages have no serious or critical accessibility violation", async ({ browser }) => {
  test.setTimeout(240_000);
  await checkPages(browser, ["/account", "/subscribe"], USER);
});

test("the admin console has no serious or critical accessibility violation", async ({ browser }) => {
  test.setTimeout(480_000);
  await checkPages(
    browser,
    ["/", "/admin", "/admin/users", "/admin/feedback", "/admin/email-management", "/admin/email-progress", "/admin/api-usage", "/admin/ai-service", "/daily-checkin", `/shared/${shareId}`],
    owner,
  );
});

// ---------------------------------------------------------------------------------------------
// Lighthouse's accessibility score is axe-core with the rules below (Lighthouse 12's list), any
// impact failing an audit. The chat, the shared page and /auth are checked in the states people
// see, not only as they load: a reply with its source open and follow-ups under it, the export
// menu, the dialogs and sheets open, on a phone and a desktop, light and dark.

const LIGHTHOUSE_RULES = [
  "accesskeys", "aria-allowed-attr", "aria-allowed-role", "aria-command-name", "aria-conditional-attr", "aria-deprecated-role", "aria-dialog-name",
  "aria-hidden-body", "aria-hidden-focus", "aria-input-field-name", "aria-meter-name", "aria-progressbar-name", "aria-prohibited-attr", "aria-required-attr",
  "aria-required-children", "aria-required-parent", "aria-roles", "aria-text", "aria-toggle-field-name", "aria-tooltip-name", "aria-treeitem-name",
  "aria-valid-attr-value", "aria-valid-attr", "button-name", "bypass", "color-contrast", "definition-list", "dlitem", "document-title", "duplicate-id-aria",
  "empty-heading", "form-field-multiple-labels", "frame-title", "heading-order", "html-has-lang", "html-lang-valid", "html-xml-lang-mismatch",
  "identical-links-same-purpose", "image-alt", "image-redundant-alt", "input-button-name", "input-image-alt", "label-content-name-mismatch", "label",
  "landmark-one-main", "link-in-text-block", "link-name", "list", "listitem", "meta-refresh", "meta-viewport", "object-alt", "select-name", "skip-link",
  "tabindex", "table-duplicate-name", "table-fake-caption", "target-size", "td-has-header", "td-headers-attr", "th-has-data-cells", "valid-lang", "video-caption",
];

const CONTROL_ROLES = new Set([
  "button", "link", "menuitem", "menuitemradio", "menuitemcheckbox", "tab", "checkbox", "radio", "switch", "combobox", "textbox", "searchbox", "slider", "spinbutton", "option",
]);

/** Controls in the page's accessibility tree (Chromium's computed names) whose name is empty. */
async function unnamedControls(page: Page, where: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: { ignored: boolean; role?: { value: string }; name?: { value: string }; backendDOMNodeId?: number }[] };
    const controls = nodes.filter((n) => !n.ignored && CONTROL_ROLES.has(n.role?.value ?? ""));
    const unnamed = [];
    for (const n of controls.filter((c) => !String(c.name?.value ?? "").trim())) {
      const { node } = (await cdp.send("DOM.describeNode", { backendNodeId: n.backendDOMNodeId })) as { node: { localName: string; attributes?: string[] } };
      unnamed.push({ where, role: n.role!.value, element: `<${node.localName} ${(node.attributes ?? []).join(" ").slice(0, 160)}>` });
    }
    // The tree was read: a page of this app always has named controls.
    expect(controls.length, where).toBeGreaterThan(0);
    return unnamed;
  } finally {
    await cdp.detach();
  }
}

async function lighthouseViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withRules(LIGHTHOUSE_RULES).analyze();
  expect(result.passes.length, where).toBeGreaterThan(0);
  return result.violations.map((v) => ({ where, rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`) }));
}

/** Lighthouse's rules and the names check, on the page as it stands. */
async function audit(page: Page, where: string, found: unknown[]) {
  // Opening animations finished (those that end): axe reads colours as they are painted.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 5_000 });
  found.push(...(await lighthouseViolations(page, where)), ...(await unnamedControls(page, where)));
}

// The pairings the page sweep above leaves out: English light on a phone, Chinese dark on a desktop.
const SCREENS: { name: string; viewport: { width: number; height: number }; look: Look }[] = [
  { name: "phone", viewport: { width: 390, height: 844 }, look: { locale: "en", theme: "light" } },
  { name: "desktop", viewport: { width: 1280, height: 800 }, look: { locale: "zh-TW", theme: "dark" } },
];

test("the chat, the shared page and /auth pass Lighthouse's accessibility rules with content, menus and dialogs open, and every control is named", async ({ browser }) => {
  test.setTimeout(480_000);
  const found: unknown[] = [];
  for (const screen of SCREENS) {
    const { look } = screen;
    const tag = `${screen.name} ${look.locale} ${look.theme}`;

    // The owner's chat: a reply with its source open, follow-ups under it.
    const context = await browser.newContext({ viewport: screen.viewport });
    const page = await context.newPage();
    await signIn(page, owner.email, owner.password);
    await lookOf(page, look);
    await page.request.delete("/api/messages", { headers: { origin: E2E_BASE_URL } });
    expect((await page.request.post("/api/messages", { data: { content: "資源回收是哪幾天？" }, headers: { origin: E2E_BASE_URL } })).status()).toBe(200);
    await page.goto("/");
    const reply = page.getByTestId("message-assistant").last();
    await reply.getByTestId("source-chip").first().click();
    await expect(reply.getByTestId("source-quote")).toBeVisible();
    await expect(page.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });
    await audit(page, `chat ${tag}`, found);
    await page.getByTestId("export-menu").click();
    await expect(page.getByRole("menu")).toBeVisible();
    await audit(page, `chat export menu ${tag}`, found);
    await page.keyboard.press("Escape");
    await page.getByTestId("assistant-settings-button").click();
    await expect(page.getByTestId("assistant-settings")).toBeVisible();
    await audit(page, `chat assistant settings ${tag}`, found);
    await page.keyboard.press("Escape");
    await page.getByTestId("link-preview-settings-button").click();
    await expect(page.getByTestId("link-preview-settings")).toBeVisible();
    await audit(page, `chat link-card settings ${tag}`, found);
    await page.keyboard.press("Escape");
    await page.getByTestId("start-over").click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await audit(page, `chat start over ${tag}`, found);
    await page.keyboard.press("Escape");
    await page.getByTestId("language-switcher").click();
    await expect(page.getByRole("menu")).toBeVisible();
    await audit(page, `chat language menu ${tag}`, found);
    await page.keyboard.press("Escape");
    if (screen.name === "phone") {
      await page.getByTestId("mobile-menu-toggle").click();
      await expect(page.getByTestId("mobile-nav")).toBeVisible();
      await audit(page, `chat mobile menu ${tag}`, found);
    } else {
      await page.getByTestId("account-menu").click();
      await expect(page.getByRole("menu")).toBeVisible();
      await audit(page, `chat account menu ${tag}`, found);
    }
    await context.close();

    // The shared page as a visitor meets it, with a conversation of their own.
    const visitor = await browser.newContext({ viewport: screen.viewport });
    const sessionId = `session_${Date.now()}_a11y${screen.name}${look.theme}`;
    await visitor.addInitScript(([id, value]) => localStorage.setItem(`sessionId_${id}`, value), [shareId, sessionId] as const);
    const guest = await visitor.newPage();
    await lookOf(guest, look);
    await guest.goto(`/shared/${shareId}`);
    // As the server drew it, before the chat's code has come (it waits for the visitor's first touch).
    await audit(guest, `shared page before its code ${tag}`, found);
    await reachForChat(guest);
    await expect(guest.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });
    await audit(guest, `shared page, empty ${tag}`, found);
    expect((await guest.request.post(`/api/shared-assistants/${shareId}/messages`, { data: { message: "巨大垃圾要怎麼丟？", sessionId }, headers: { origin: E2E_BASE_URL } })).status()).toBe(200);
    await guest.reload();
    const answer = guest.getByTestId("message-assistant").last();
    await answer.getByTestId("source-chip").first().click();
    await expect(answer.getByTestId("source-quote")).toBeVisible();
    await expect(guest.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });
    await audit(guest, `shared page ${tag}`, found);
    await guest.getByTestId("language-switcher").click();
    await expect(guest.getByRole("menu")).toBeVisible();
    await audit(guest, `shared page language menu ${tag}`, found);
    await guest.keyboard.press("Escape");

    // Sign-in and registration.
    await guest.goto("/auth");
    await expect(guest.getByTestId("signin-submit").filter({ visible: true })).toBeVisible();
    await audit(guest, `/auth ${tag}`, found);
    await guest.goto("/auth?tab=register");
    await expect(guest.getByTestId("register-submit").filter({ visible: true })).toBeVisible();
    await audit(guest, `/auth?tab=register ${tag}`, found);
    await visitor.close();
  }
  expect(found).toEqual([]);
});

test("every button, link and menu item of the admin console and the workspace has a name", async ({ browser }) => {
  test.setTimeout(240_000);
  const found: unknown[] = [];
  await Promise.all((["zh-TW", "en"] as const).map(async (locale) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, owner.email, owner.password);
    await lookOf(page, { locale, theme: "light" });
    for (const path of ["/?tab=files", "/?tab=shares", "/admin", "/admin/users", "/admin/feedback", "/admin/email-management", "/admin/email-progress", "/admin/api-usage", "/admin/ai-service", "/account", "/daily-checkin", "/subscribe"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("[data-testid=route-spinner], [aria-busy=true]")).toHaveCount(0, { timeout: 15_000 });
      found.push(...(await unnamedControls(page, `${path} ${locale}`)));
    }
    await context.close();
  }));
  expect(found).toEqual([]);
});

test("a reader who asks for less motion gets no spinning, sliding or fading", async ({ browser }) => {
  const spin = async (reducedMotion: "reduce" | "no-preference") => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, reducedMotion });
    const page = await context.newPage();
    await page.goto("/auth");
    // A spinner and a transition as the app's components draw them (Tailwind's classes, the app's stylesheet).
    const style = await page.evaluate(() => {
      const el = document.createElement("div");
      el.className = "animate-spin transition-colors";
      document.body.append(el);
      const computed = getComputedStyle(el);
      return { iterations: computed.animationIterationCount, transition: computed.transitionDuration };
    });
    await context.close();
    return style;
  };
  expect(await spin("no-preference")).toEqual({ iterations: "infinite", transition: "0.15s" });
  const reduced = await spin("reduce");
  expect(reduced.iterations).toBe("1");
  expect(Number.parseFloat(reduced.transition)).toBeLessThan(0.001);
});
