import { expect, type Page } from "@playwright/test";

/** The newest toast, once it has slid in, sits below the page's top bar rather than over its buttons. */
export async function expectToastBelowTopBar(page: Page) {
  const bar = await page.getByRole("banner").boundingBox();
  const toast = page.locator('[data-sonner-toast][data-front="true"]');
  await expect(toast).toBeVisible();
  await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(bar!.y + bar!.height);
}
