import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core on the page as it stands: no violation of serious or critical impact. */
export async function expectNoSeriousViolations(page: Page, context: string) {
  // A menu or dialog still fading or sliding in is partly transparent, and axe would measure its
  // text's contrast against what shows through: wait for every finite animation to end first.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(serious, context).toEqual([]);
  // The check ran over something: a page with content passes some rules.
  expect(results.passes.length, context).toBeGreaterThan(0);
}
