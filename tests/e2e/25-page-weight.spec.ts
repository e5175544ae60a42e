import { expect, test } from "@playwright/test";
import { firstLoadJs } from "./support/page-weight";

// Issue 15 point 1: a budget on each page's first-load JavaScript (gzip bytes, read from the
// production build, not timed). The budgets hold today's weight plus a little, so any growth
// fails here; the issue's targets (the shared page 130 KB, "/" and /auth 170 KB) are what the
// page-weight work lowers them to, step by step.
const KB = 1024;
const BUDGETS: { page: string; budgetKb: number; targetKb?: number }[] = [
  { page: "shared/[shareId]", budgetKb: 200, targetKb: 130 },
  { page: "(public)/auth", budgetKb: 215, targetKb: 170 },
  { page: "(main)", budgetKb: 235, targetKb: 170 },
  { page: "(public)/guide", budgetKb: 210 },
  { page: "(main)/account", budgetKb: 250 },
  { page: "admin", budgetKb: 340 },
];

test("no page's first-load JavaScript grows past its budget", () => {
  const over: string[] = [];
  for (const { page, budgetKb, targetKb } of BUDGETS) {
    const weight = firstLoadJs(page);
    const kb = Math.round(weight.gzipBytes / KB);
    console.log(`${page}: ${kb} KB gzip (${Math.round(weight.rawBytes / KB)} KB raw, ${weight.files} files), budget ${budgetKb} KB${targetKb ? `, target ${targetKb} KB` : ""}`);
    if (weight.gzipBytes > budgetKb * KB) over.push(`${page}: ${kb} KB > ${budgetKb} KB`);
  }
  expect(over).toEqual([]);
});
