import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startInstance, stopInstance, waitForHealth } from "./support/app-instance";
import { signIn } from "./support/helpers";
import { USAGE_PORT } from "./support/ports";
import {
  FAILED_DOCUMENT,
  SECRET_FEEDBACK,
  USAGE_ADMIN,
  USAGE_MANAGER,
  USAGE_PEOPLE,
  callsWithin,
  type SeedCall,
} from "./support/usage-seed-data";

// The admin console's usage screen and dashboard on an instance of its own, seeded with 40 days
// of model calls (support/usage-seed-data.ts): the figures expected here are computed from the
// same list.

const BASE = `http://127.0.0.1:${USAGE_PORT}`;
const root = path.resolve(import.meta.dirname, "../..");
let server: ChildProcess | undefined;

const zh = new Intl.NumberFormat("zh-TW");
const zhCompact = (n: number) => (n < 10_000 ? zh.format(n) : new Intl.NumberFormat("zh-TW", { notation: "compact", maximumFractionDigits: 1 }).format(n));
const usd = (n: number) =>
  new Intl.NumberFormat("zh-TW", { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", minimumFractionDigits: 2, maximumFractionDigits: n !== 0 && n < 1 ? 4 : 2 }).format(n);
const sum = (calls: SeedCall[], pick: (c: SeedCall) => number) => calls.reduce((total, c) => total + pick(c), 0);

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-usage-"));
  const seeded = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["--conditions=react-server", "tests/e2e/support/seed-usage.ts", dataDir], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  server = startInstance({ port: USAGE_PORT, dataDir });
  await waitForHealth(BASE, 120_000);
});

test.afterAll(async () => {
  if (server) await stopInstance(server);
});

async function signedIn(browser: Browser, who: { email: string; password: string }, theme: "light" | "dark" = "light"): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE });
  if (theme === "dark") await context.addInitScript(() => window.localStorage.setItem("theme", "dark"));
  const page = await context.newPage();
  await signIn(page, who.email, who.password);
  return page;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the usage screen: totals and a chart by day, a range change, a sorted table, a price, the CSV", async ({ browser }) => {
  const page = await signedIn(browser, USAGE_ADMIN);
  await page.goto("/admin/api-usage");

  // The default view is the last 30 days.
  const month = callsWithin(30);
  await expect(page.getByTestId("usage-total-calls-value")).toHaveText(zh.format(month.length));
  await expect(page.getByTestId("usage-total-errors-value")).toHaveText(zh.format(month.filter((c) => c.outcome === "error").length));
  await expect(page.getByTestId("usage-latency-note")).toContainText("精確");
  const chart = page.getByTestId("usage-chart");
  await expect(chart.locator(".recharts-wrapper > svg")).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await page.getByTestId("usage-chart-latency").click();
  await expect(chart).toHaveAttribute("data-metric", "latency");
  await expect(chart.locator(".recharts-line").first()).toBeVisible();

  // Other ranges: the last 7 days, then five days ending five days ago.
  await page.getByTestId("usage-range-7d").click();
  await expect(page.getByTestId("usage-total-calls-value")).toHaveText(zh.format(callsWithin(7).length));
  await expect(page).toHaveURL(/range=7d/);
  const shown = await page.getByTestId("usage-range-shown").textContent();
  const today = /至 (\d{4}-\d{2}-\d{2})/.exec(shown ?? "")![1];
  const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId("usage-range-custom").click();
  await page.locator("#usage-from").fill(dayBefore(9));
  await page.locator("#usage-to").fill(dayBefore(5));
  await page.getByTestId("usage-range-apply").click();
  const custom = callsWithin(10).filter((c) => c.daysAgo >= 5);
  await expect(page.getByTestId("usage-total-calls-value")).toHaveText(zh.format(custom.length));
  await expect(page.getByTestId("usage-range-shown")).toContainText(`${dayBefore(9)} 至 ${dayBefore(5)}`);
  // A reversed range is refused on the spot.
  await page.locator("#usage-from").fill(dayBefore(1));
  await page.getByTestId("usage-range-apply").click();
  await expect(page.locator("#usage-range-error")).toHaveText("結束日期不能早於開始日期");
  await page.getByTestId("usage-range-30d").click();
  await expect(page.getByTestId("usage-total-calls-value")).toHaveText(zh.format(month.length));

  // By user, fewest calls first (the header by keyboard): Bob, the share's guests, Alice.
  await page.getByTestId("usage-dimension-user").click();
  await expect(page.getByTestId("usage-row-0")).toContainText(USAGE_PEOPLE[0].name);
  await page.getByTestId("usage-sort-calls").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("usage-sort-calls").locator("xpath=..")).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByTestId("usage-row-0")).toContainText(USAGE_PEOPLE[1].name);
  await expect(page.getByTestId("usage-row-0-calls")).toHaveText(zh.format(month.filter((c) => c.user === "bob").length));
  await expect(page.getByTestId("usage-row-1")).toContainText("訪客（未登入）");
  await expect(page.getByTestId("usage-row-2")).toContainText(USAGE_PEOPLE[0].name);

  // Pricing gpt-4o-mini: the cost follows at once; gpt-4o stays unpriced, the offline model free.
  await expect(page.getByTestId("usage-total-cost-value")).toHaveText(usd(0));
  await expect(page.getByTestId("price-free-docchat-offline-1")).toBeVisible();
  await page.getByTestId("price-in-gpt-4o-mini").fill("2");
  await page.getByTestId("price-out-gpt-4o-mini").fill("4");
  await page.getByTestId("price-save-gpt-4o-mini").click();
  await expect(page.getByText("已儲存 gpt-4o-mini 的價格")).toBeVisible();
  const mini = month.filter((c) => c.model === "gpt-4o-mini");
  const cost = sum(mini, (c) => c.inputTokens * 2 + c.outputTokens * 4) / 1_000_000;
  await expect(page.getByTestId("usage-total-cost-value")).toHaveText(usd(cost));
  await expect(page.getByTestId("usage-unpriced-note")).toContainText(zh.format(month.filter((c) => c.model === "gpt-4o").length));
  const aliceRow = page.locator('[data-testid^="usage-row-"][data-key]').filter({ hasText: USAGE_PEOPLE[0].name });
  await expect(aliceRow.locator('[data-testid$="-cost"]')).toHaveText(usd(cost));

  // The CSV holds the same view: every user, fewest calls first.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("usage-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^api-usage-user-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  // Every cell quoted (lib/server/export/csv.ts).
  expect(lines[0]).toBe(`"用戶","電子郵件","用戶 ID","呼叫次數","錯誤","輸入 token","輸出 token","估計費用（美元）","延遲 p50（毫秒）","延遲 p95（毫秒）"`);
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(new RegExp(`^"${USAGE_PEOPLE[1].name}","${USAGE_PEOPLE[1].email}","[^"]+","${month.filter((c) => c.user === "bob").length}","0",`));
  expect(lines[3]).toContain(`,"${cost}",`);
  await page.context().close();
});

test("the dashboard: the period's figures and charts, the feedback and failures for an admin", async ({ browser }) => {
  const page = await signedIn(browser, USAGE_ADMIN);
  await page.goto("/admin");
  const month = callsWithin(30);
  const messages = month.filter((c) => c.route === "/api/messages" || c.route === "/api/shared-assistants/messages");
  await expect(page.getByTestId("dash-messages-value")).toHaveText(zh.format(messages.length));
  await expect(page.getByTestId("dash-share-messages-value")).toHaveText(zh.format(month.filter((c) => c.share).length));
  await expect(page.getByTestId("dash-tokens-value")).toHaveText(zhCompact(sum(month, (c) => c.inputTokens + c.outputTokens)));
  await expect(page.getByTestId("dash-documents-error-value")).toHaveText("1");
  for (const chart of ["messages", "users", "usage"]) {
    await expect(page.getByTestId(`dashboard-chart-${chart}`).locator(".recharts-wrapper > svg")).toBeVisible();
  }
  await expect(page.getByTestId("dashboard-feedback-item")).toContainText(SECRET_FEEDBACK);
  await expect(page.getByTestId("dashboard-failed-document")).toContainText(FAILED_DOCUMENT);
  await expect(page.getByTestId("dashboard-failed-job")).toContainText("ingest-document");

  await page.getByTestId("dashboard-period-7").click();
  await expect(page).toHaveURL(/days=7/);
  const week = callsWithin(7).filter((c) => c.route === "/api/messages" || c.route === "/api/shared-assistants/messages");
  await expect(page.getByTestId("dash-messages-value")).toHaveText(zh.format(week.length));
  await page.context().close();
});

test("a manager sees the dashboard's figures but no one's data", async ({ browser }) => {
  const page = await signedIn(browser, USAGE_MANAGER);
  await page.goto("/admin");
  const month = callsWithin(30);
  const messages = month.filter((c) => c.route === "/api/messages" || c.route === "/api/shared-assistants/messages");
  await expect(page.getByTestId("dash-messages-value")).toHaveText(zh.format(messages.length));
  await expect(page.getByTestId("dashboard-feedback-restricted")).toHaveText("共 1 則未讀回饋。");
  await expect(page.getByTestId("dashboard-failures-restricted")).toContainText("1 份文件、1 項背景工作");
  const html = await page.content();
  for (const secret of [SECRET_FEEDBACK, FAILED_DOCUMENT, ...USAGE_PEOPLE.map((p) => p.email), ...USAGE_PEOPLE.map((p) => p.name)]) {
    expect(html).not.toContain(secret);
  }
  // The usage screen itself stays the admins'.
  // The server's page says so (the browser moves on to /admin as soon as its code runs, so it is
  // read as sent, not raced for on screen), and the console is where the manager lands.
  expect(await (await page.request.get("/admin/api-usage")).text()).toContain("權限不足");
  await page.goto("/admin/api-usage");
  await page.waitForURL((url) => url.pathname === "/admin");
  expect((await page.request.get("/api/admin/api-usage")).status()).toBe(403);
  await page.context().close();
});

test("no serious or critical accessibility violation on /admin and /admin/api-usage, light and dark", async ({ browser }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  // Both themes at once, each signed in in a context of its own.
  await Promise.all(
    (["light", "dark"] as const).map(async (theme) => {
      const page = await signedIn(browser, USAGE_ADMIN, theme);
      for (const url of ["/admin", "/admin/api-usage"]) {
        await page.goto(url);
        await expect(page.locator(".recharts-wrapper > svg").first()).toBeVisible();
        if (url === "/admin/api-usage") await expect(page.getByTestId("model-prices").getByRole("listitem").first()).toBeVisible();
        found.push(...(await seriousViolations(page)).map((v) => `${url} (${theme}) ${v}`));
      }
      await page.context().close();
    }),
  );
  expect(found).toEqual([]);
});
