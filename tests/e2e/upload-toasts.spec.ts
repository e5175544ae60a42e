import { expect, test, type Page } from "@playwright/test";
import { ADMIN } from "./support/helpers";
import { E2E_BASE_URL } from "./support/ports";

// Toasts of the file library on a phone (docs/rules/documents.md#following-an-upload): each upload has one toast, which says
// 上傳成功 while the file is processed and then becomes 處理完成 in its place (before, the two
// stacked, over the library's heading and the workspace's tabs), and no toast ever covers the
// page's navigation: the header and the tabs under it.

const PHONE = { viewport: { width: 390, height: 844 } };

interface Moment {
  /** The text of each toast on screen. */
  texts: string[];
  /** Where the toasts stack from (sonner's list; each slides in from just above it, then rests below it). */
  toastsTop: number | null;
  /** The bottom edge of the header and the tabs. */
  navBottom: number;
}

/** Every change of the toasts on screen, kept in the page. */
async function watchToasts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { toastLog: Moment[] };
    w.toastLog = [];
    const record = () => {
      const toasts = [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].filter((t) => t.dataset.removed !== "true");
      const list = document.querySelector("[data-sonner-toaster]");
      const nav = [document.querySelector("header"), document.querySelector('[role="tablist"]')].map((el) => el!.getBoundingClientRect().bottom);
      w.toastLog.push({ texts: toasts.map((t) => t.innerText.replace(/\s+/g, " ")), toastsTop: toasts.length && list ? list.getBoundingClientRect().top : null, navBottom: Math.max(...nav) });
    };
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["data-removed", "data-front", "data-mounted"] });
  });
}
const toastLog = (page: Page) => page.evaluate(() => (window as unknown as { toastLog: Moment[] }).toastLog);

test("one toast per upload, below the header and the tabs on a phone", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, ...PHONE });
  const page = await context.newPage();
  const origin = { origin: E2E_BASE_URL };
  expect((await page.request.post("/api/login", { data: { email: ADMIN.email, password: ADMIN.password }, headers: origin })).status()).toBe(200);
  // Names of this run's own: the library may hold other specs' documents.
  const names = ["a", "b"].map((n) => `上傳提示-${Date.now()}-${n}.txt`);
  try {
    await page.goto("/?tab=files");
    await expect(page.getByTestId("file-library")).toBeVisible();
    await watchToasts(page);
    await page.getByTestId("upload-input").setInputFiles(names.map((name, i) => ({ name, mimeType: "text/plain", buffer: Buffer.from(`第 ${i + 1} 份文件：資源回收在每週二與週四收運。`) })));
    for (const name of names) await expect(page.getByTestId(`document-row-${name}`)).toHaveAttribute("data-status", "processed", { timeout: 20_000 });
    // Each upload's toast ends as 處理完成 for its file.
    for (const name of names) await expect(page.locator("[data-sonner-toast]").filter({ hasText: name }).filter({ hasText: "處理完成" })).toHaveCount(1, { timeout: 10_000 });

    const log = await toastLog(page);
    for (const name of names) {
      const mine = log.map((moment) => moment.texts.filter((text) => text.includes(name)));
      // Never two at once for one file, and what it said went from uploaded to processed.
      expect(Math.max(...mine.map((texts) => texts.length))).toBe(1);
      const said = [...new Set(mine.flat().map((text) => (text.includes("處理完成") ? "處理完成" : text.includes("上傳成功") ? "上傳成功" : text)))];
      expect(said).toEqual(["上傳成功", "處理完成"]);
    }
    // No toast ever opened over the header or the tabs.
    expect(log.filter((moment) => moment.toastsTop !== null && moment.toastsTop < moment.navBottom - 0.5)).toEqual([]);
    const tabs = (await page.getByRole("tablist").boundingBox())!;
    const front = (await page.locator('[data-sonner-toast][data-front="true"]').boundingBox())!;
    expect(front.y).toBeGreaterThanOrEqual(tabs.y + tabs.height);
  } finally {
    const documents = (await (await page.request.get("/api/documents")).json()) as { id: string; originalName: string }[];
    for (const doc of documents.filter((d) => names.includes(d.originalName))) await page.request.delete(`/api/documents/${doc.id}`, { headers: origin });
    await context.close();
  }
});
