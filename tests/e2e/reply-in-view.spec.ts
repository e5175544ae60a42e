import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { startInstance, stopInstance, waitForHealth } from "./support/app-instance";
import { askInChat } from "./support/helpers";
import { REPLY_IN_VIEW_PORT } from "./support/ports";
import { reachForChat } from "./support/shares";

// A new answer is read from its first line (docs/rules/quality.md#accessibility), on a phone and on a desktop, in
// the owner's chat and for a guest on a share: after each reply, short ones and one three screens
// long, the reply's first line (and its question, when both fit) is in the conversation's region;
// once the conversation has started the region has at least 60 % of the window's height, and its
// height never changes as the suggestions hide while a question is sent and come back with the
// reply. A reply made taller than the region (opened to its full length) still shows its first
// line, and so does the page reloaded. The first Tab stop skips to the message box.
//
// The replies come from a local server speaking the AI service's API, so their length is known:
// the built-in offline model's are short. It runs on an instance of its own (the suite's server
// keeps the offline model).

const BASE = `http://127.0.0.1:${REPLY_IN_VIEW_PORT}`;
const OWNER = { email: "owner@example.com", password: "owner-password-1", displayName: "擁有者" };
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: "phone 390x844", options: { viewport: { width: 390, height: 844 }, userAgent: IPHONE, hasTouch: true } },
  { name: "desktop 1366x900", options: { viewport: { width: 1366, height: 900 } } },
];

const SHORT_REPLY = "資源回收在每週二與週四收運。";
const LONG_FIRST = "以下是完整的說明";
const LONG_REPLY = [`${LONG_FIRST}，從收運時間到分類方式。`, ...Array.from({ length: 120 }, (_, i) => `第 ${i + 1} 段：資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置；巨大垃圾需事先預約，清潔隊會在預約日到府收運。`)].join("\n\n");

interface Box {
  top: number;
  bottom: number;
  height: number;
}

interface Seen {
  viewport: number;
  region: Box;
  question: Box | null;
  reply: Box | null;
  /** The reply's first character, and the text it begins. */
  firstLine: Box | null;
  firstText: string;
  /** The region's scroll position, and what it follows (data-follow, components/chat/use-newest-in-view.ts). */
  scroll: { top: number; height: number; client: number; follow: string | null };
}

/** The newest exchange and the region, read in one go so they agree with each other. */
function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const box = (r: DOMRect) => ({ top: r.top, bottom: r.bottom, height: r.height });
    const region = document.querySelector('[data-testid="conversation-scroll"]')!;
    const last = document.querySelector('[data-testid="message-list"]')?.lastElementChild ?? null;
    const reply = last?.getAttribute("data-testid") === "message-assistant" ? last : null;
    const question = reply?.previousElementSibling?.getAttribute("data-testid") === "message-user" ? reply.previousElementSibling : null;
    let firstLine = null;
    let firstText = "";
    if (reply) {
      const walker = document.createTreeWalker(reply, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
      const node = walker.nextNode();
      if (node) {
        const range = document.createRange();
        range.setStart(node, 0);
        range.setEnd(node, 1);
        firstLine = box(range.getBoundingClientRect());
        firstText = node.textContent!.trim();
      }
    }
    return {
      viewport: window.innerHeight,
      region: box(region.getBoundingClientRect()),
      question: question ? box(question.getBoundingClientRect()) : null,
      reply: reply ? box(reply.getBoundingClientRect()) : null,
      firstLine,
      firstText,
      scroll: { top: region.scrollTop, height: region.scrollHeight, client: region.clientHeight, follow: region.getAttribute("data-follow") },
    };
  });
}

/** What is wrong with the newest exchange as shown ("ok" when nothing). */
function problems(s: Seen, expectedStart: string): string {
  const found: string[] = [];
  if (s.region.height < 0.6 * s.viewport) found.push(`the conversation has ${Math.round(s.region.height)} of ${s.viewport} px`);
  if (!s.reply || !s.firstLine) return [...found, "no reply"].join("; ");
  if (!s.firstText.startsWith(expectedStart)) found.push(`the newest reply begins "${s.firstText.slice(0, 20)}"`);
  if (s.firstLine.top < s.region.top - 1 || s.firstLine.bottom > s.region.bottom + 1) {
    found.push(`the reply's first line (${Math.round(s.firstLine.top)}–${Math.round(s.firstLine.bottom)}) is outside the conversation (${Math.round(s.region.top)}–${Math.round(s.region.bottom)})`);
  }
  if (s.question && s.reply.bottom - s.question.top <= s.region.height - 16 && (s.question.top < s.region.top - 1 || s.question.bottom > s.region.bottom + 1)) {
    found.push("question and reply fit together, but the question is out of view");
  }
  if (found.length > 0) {
    const at = (b: Box | null) => (b ? `${Math.round(b.top)}–${Math.round(b.bottom)}` : "none");
    found.push(`seen: region ${at(s.region)}, question ${at(s.question)}, reply ${at(s.reply)}, scrollTop ${Math.round(s.scroll.top)} of ${s.scroll.height - s.scroll.client}, following ${s.scroll.follow}`);
  }
  return found.join("; ") || "ok";
}

async function expectReplyFromItsStart(page: Page, expectedStart: string) {
  await expect.poll(async () => problems(await seen(page), expectedStart), { timeout: 10_000 }).toBe("ok");
}

/** Every height the conversation's region has had since this was called. */
async function recordRegionHeights(page: Page) {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="conversation-scroll"]')!;
    const w = window as unknown as { regionHeights: number[]; regionObserver?: ResizeObserver };
    w.regionObserver?.disconnect();
    w.regionHeights = [];
    w.regionObserver = new ResizeObserver(() => w.regionHeights.push(Math.round(region.getBoundingClientRect().height)));
    w.regionObserver.observe(region);
  });
}
const regionHeights = (page: Page) => page.evaluate(() => [...new Set((window as unknown as { regionHeights: number[] }).regionHeights)]);

let fake: FakeOpenAi;
let server: ReturnType<typeof startInstance>;
let shareId = "";

test.beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = startInstance({ port: REPLY_IN_VIEW_PORT, dataDir: mkdtempSync(path.join(tmpdir(), "docchat-reply-in-view-")), env: { OPENAI_API_KEY: "sk-reply-in-view", OPENAI_BASE_URL: fake.baseUrl } });
  await waitForHealth(BASE);
  const api = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  expect((await api.post("/api/trial-setup", { data: OWNER })).status()).toBe(201);
  const res = await api.post("/api/shared-assistants", { data: { name: "回收小幫手", rolePrompt: "你是環保局客服。", includeDocuments: true } });
  expect(res.status()).toBe(201);
  shareId = ((await res.json()) as { shareId: string }).shareId;
  await api.dispose();
});

test.afterAll(async () => {
  if (server) await stopInstance(server);
  await fake?.close();
});

/** The chat as the owner (signed in, conversation cleared) or as a new guest of the share, with its code loaded. */
async function openChat(browser: Browser, options: BrowserContextOptions, who: "owner" | "guest") {
  const context = await browser.newContext({ baseURL: BASE, ...options });
  const page = await context.newPage();
  if (who === "owner") {
    expect((await page.request.post("/api/login", { data: { email: OWNER.email, password: OWNER.password }, headers: { origin: BASE } })).status()).toBe(200);
    await page.request.delete("/api/messages", { headers: { origin: BASE } });
    await page.goto("/");
    await expect(page.getByTestId("message-input")).toBeVisible();
  } else {
    await page.goto(`/shared/${shareId}`);
    await reachForChat(page);
  }
  return { context, page };
}

/** Sends `question` with `reply` as the answer; resolves once the reply is in and the follow-ups are back under it. */
async function ask(page: Page, question: string, reply: string) {
  fake.reply = reply;
  await askInChat(page, question, { send: "button", timeout: 30_000 });
  await expect(page.getByTestId("suggestion").first()).toBeVisible({ timeout: 15_000 });
}

for (const screen of SCREENS) {
  for (const who of ["owner", "guest"] as const) {
    test(`${who} on a ${screen.name}: each reply read from its first line, in a conversation that keeps its height`, async ({ browser }) => {
      test.setTimeout(120_000);
      const { context, page } = await openChat(browser, screen.options, who);

      // The first Tab stop skips the header to the message box; it shows while it has focus.
      await page.keyboard.press("Tab");
      const skip = page.getByTestId("skip-to-message-box");
      await expect(skip).toBeFocused();
      const skipBox = (await skip.boundingBox())!;
      expect(skipBox.width).toBeGreaterThan(40);
      expect(skipBox.y).toBeGreaterThanOrEqual(0);
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("message-input")).toBeFocused();

      // The conversation starts (the opening questions above the input give way to it).
      await ask(page, "資源回收是哪幾天？", SHORT_REPLY);
      await expectReplyFromItsStart(page, SHORT_REPLY.slice(0, 6));

      // From here its height stays as it is, while the suggestions hide and come back each time.
      await recordRegionHeights(page);
      await ask(page, "請完整說明資源回收的規定。", LONG_REPLY);
      await expectReplyFromItsStart(page, LONG_FIRST);
      await ask(page, "那巨大垃圾呢？", SHORT_REPLY);
      await expectReplyFromItsStart(page, SHORT_REPLY.slice(0, 6));
      await ask(page, "再完整說明一次。", LONG_REPLY);
      await expectReplyFromItsStart(page, LONG_FIRST);
      expect(await regionHeights(page)).toHaveLength(1);

      // Opened to its full length, the reply is taller than the region, three screens and more:
      // the region still shows its first line, not its last.
      const reply = page.getByTestId("message-assistant").last();
      await reply.getByRole("button", { name: "顯示更多" }).click();
      await expect(reply.getByRole("button", { name: "收合" })).toBeVisible();
      const opened = await seen(page);
      expect(opened.reply!.height).toBeGreaterThan(3 * opened.viewport);
      await expectReplyFromItsStart(page, LONG_FIRST);
      expect(await regionHeights(page)).toHaveLength(1);

      // From the message box, Shift+Tab goes back into the conversation (the follow-ups under the
      // reply, out of view below its first line): what takes focus is brought into view and stays.
      await page.getByTestId("message-input").focus();
      const region = page.getByTestId("conversation-scroll");
      // Past the input bar's own buttons (attach an image), at most a few presses.
      for (let i = 0; i < 6 && !(await region.evaluate((el) => el.contains(document.activeElement))); i++) await page.keyboard.press("Shift+Tab");
      const focusedInView = () =>
        page.evaluate(() => {
          const region = document.querySelector('[data-testid="conversation-scroll"]')!.getBoundingClientRect();
          const focused = document.activeElement!;
          if (!document.querySelector('[data-testid="conversation-scroll"]')!.contains(focused)) return `focus outside the conversation: ${focused.tagName}`;
          const box = focused.getBoundingClientRect();
          return box.top >= region.top - 1 && box.bottom <= region.bottom + 1 ? "in view" : `focused ${Math.round(box.top)}–${Math.round(box.bottom)}, conversation ${Math.round(region.top)}–${Math.round(region.bottom)}`;
        });
      await expect.poll(focusedInView).toBe("in view");
      // The reader's own move: the conversation stops keeping the exchange's start at its top (the
      // attribute is written once the scroll event is handled, a moment after the focus moved:
      // CI run 24 read it before), and the focused control stays in view.
      await expect(region).not.toHaveAttribute("data-follow", "exchange");
      expect(await focusedInView()).toBe("in view");

      // Back later: the newest exchange is shown from its start again.
      await page.reload();
      if (who === "guest") await reachForChat(page);
      await expect(page.getByTestId("message-assistant")).toHaveCount(4, { timeout: 15_000 });
      await expectReplyFromItsStart(page, LONG_FIRST);
      await context.close();
    });
  }
}
