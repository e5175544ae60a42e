import { expect, test, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "./support/ports";

// The theme follows the system's preference (prefers-color-scheme) until the reader picks one;
// their pick then holds whatever the system says (docs/rules/quality.md#accessibility). The server draws the page so
// that its first frame is right without any script, and the browser bar (theme-color) matches.

const LIGHT_BAR = "#ffffff";
const DARK_BAR = "#16171d";

/** How light the page's background is: 0 black, 1 white. */
async function lightness(page: Page): Promise<number> {
  // Painted on a canvas: the computed colour may be written in any colour space (lab() here).
  const [r, g, b] = await page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    canvas.fillStyle = getComputedStyle(document.body).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    return [...canvas.getImageData(0, 0, 1, 1).data];
  });
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** The browser bar's colour as the page declares it for the system's preference now. */
function barColor(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const meta = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find((m) => !m.media || window.matchMedia(m.media).matches);
    return meta?.content ?? null;
  });
}

test("with no choice the page follows the system, from its first frame, browser bar included", async ({ browser }) => {
  for (const [scheme, expectDark] of [["dark", true], ["light", false]] as const) {
    // No script at all: what the server drew and the stylesheet alone, as the first frame is.
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme: scheme, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/guide");
    await expect(page.locator("html")).not.toHaveClass(/\b(light|dark)\b/);
    if (expectDark) expect(await lightness(page)).toBeLessThan(0.2);
    else expect(await lightness(page)).toBeGreaterThan(0.9);
    expect(await barColor(page)).toBe(expectDark ? DARK_BAR : LIGHT_BAR);
    await context.close();
  }
});

test("the system switching switches the page and its toggle; a pick then holds against the system, on the next pages too", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/guide");
  const toggle = page.getByTestId("theme-toggle");
  // Dark from the system: the toggle offers light.
  await expect(toggle).toHaveAttribute("title", "淺色");
  expect(await lightness(page)).toBeLessThan(0.2);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(toggle).toHaveAttribute("title", "深色");
  expect(await lightness(page)).toBeGreaterThan(0.9);
  expect(await barColor(page)).toBe(LIGHT_BAR);

  // The system goes dark again, and the reader picks light: light it stays.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(toggle).toHaveAttribute("title", "淺色");
  await toggle.click();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  expect(await lightness(page)).toBeGreaterThan(0.9);
  expect(await barColor(page)).toBe(LIGHT_BAR);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

  // The server draws the next page in the pick, with the bar's colour to match.
  const html = await (await page.request.get("/guide")).text();
  expect(html).toMatch(/<html lang="zh-TW" class="light" style="color-scheme:light"/);
  expect(html.match(/<meta name="theme-color"[^>]*>/g)).toEqual([`<meta name="theme-color" content="${LIGHT_BAR}"/>`]);
  await page.reload();
  expect(await lightness(page)).toBeGreaterThan(0.9);
  expect(await barColor(page)).toBe(LIGHT_BAR);

  // Picking dark holds the same way.
  await toggle.click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  expect(await lightness(page)).toBeLessThan(0.2);
  expect(await barColor(page)).toBe(DARK_BAR);
  await page.reload();
  expect(await lightness(page)).toBeLessThan(0.2);
  expect(await barColor(page)).toBe(DARK_BAR);
  await context.close();
});
