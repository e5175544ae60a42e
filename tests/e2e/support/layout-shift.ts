import type { Page } from "@playwright/test";

// The browser's own layout-shift record (what Lighthouse's CLS adds up), from the first paint on.

/** Starts recording on every page `page` loads from now on. */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts recorded on the page shown, added up. */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
}
