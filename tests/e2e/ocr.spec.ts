import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { newAccount, signInAs, type Account } from "./support/accounts";

// A scanned regulation (three pages that are only pictures) is uploaded, its text is read while the
// file library shows which page, and a question answered only on its second page is answered by
// quoting it, the source naming page 2. A phone photo of a notice is read the same way.

test.describe("scanned documents", () => {
  let owner: Account;
  let scan: Buffer;
  let photo: Buffer;
  test.beforeAll(async () => {
    owner = await newAccount({ prefix: "ocr" });
    const dir = mkdtempSync(path.join(tmpdir(), "ocr-e2e-"));
    const root = process.cwd();
    execFileSync(path.join(root, "node_modules/.bin/tsx"), ["--conditions=react-server", "tests/e2e/support/make-scan.ts", path.join(dir, "scan.pdf"), path.join(dir, "photo.jpg")], { cwd: root, timeout: 120_000 });
    scan = readFileSync(path.join(dir, "scan.pdf"));
    photo = readFileSync(path.join(dir, "photo.jpg"));
  });

  test("upload a scanned PDF, watch its text being read, ask about it and see the page quoted", async ({ page }) => {
    test.setTimeout(300_000);
    await signInAs(page, owner);
    await page.goto("/?tab=files");
    await expect(page.getByTestId("upload-zone")).toContainText("JPG、PNG、WebP");
    await page.getByTestId("upload-input").setInputFiles({ name: "掃描規章.pdf", mimeType: "application/pdf", buffer: scan });
    const row = page.getByTestId("document-row-掃描規章.pdf");
    // Each page is read by OCR for seconds; the library, refreshed while something processes, says which.
    await expect(row.getByTestId("document-reading")).toHaveText(/^辨識文字 [1-3]\/3 頁$/, { timeout: 120_000 });
    await expect(row).toHaveAttribute("data-status", "processed", { timeout: 240_000 });
    await expect(row.getByTestId("document-reading")).toHaveCount(0);

    await page.goto("/");
    await page.getByTestId("message-input").fill("出差住宿費每晚上限是多少？");
    await page.getByTestId("message-input").press("Enter");
    const reply = page.getByTestId("message-assistant").last();
    await expect(reply).toContainText("二千八百元", { timeout: 30_000 });
    const chip = reply.getByTestId("source-chip").first();
    await expect(chip).toContainText("掃描規章.pdf · 第 2 頁");
    await chip.click();
    await expect(reply.getByTestId("source-quote")).toContainText("二千八百元");
  });

  test("upload a photographed notice and ask about it", async ({ page }) => {
    test.setTimeout(300_000);
    await signInAs(page, owner);
    await page.goto("/?tab=files");
    await page.getByTestId("upload-input").setInputFiles({ name: "訪客須知.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(page.getByTestId("document-row-訪客須知.jpg")).toHaveAttribute("data-status", "processed", { timeout: 240_000 });

    await page.goto("/");
    await page.getByTestId("message-input").fill("訪客停車證押金多少錢？");
    await page.getByTestId("message-input").press("Enter");
    const reply = page.getByTestId("message-assistant").last();
    await expect(reply).toContainText("五百元", { timeout: 30_000 });
    await expect(reply.getByTestId("source-chip").first()).toContainText("訪客須知.jpg");
  });
});
