import { expect, test } from "@playwright/test";
import { newAccount, type Account } from "./support/accounts";
import { signIn } from "./support/helpers";

const zhText = "臺灣高鐵於2007年通車，連接臺北與高雄。\n\n全線共設有十二個車站，最高營運速度每小時三百公里。";

test.describe("file library", () => {
  // A library of this spec's own, empty at the start.
  let owner: Account;
  test.beforeAll(async () => {
    owner = await newAccount({ prefix: "library" });
  });

  test("upload by click and by drop, follow processing, delete one, bulk delete", async ({ page }) => {
    await signIn(page, owner.email, owner.password);
    await page.goto("/?tab=files");
    await expect(page.getByTestId("file-library")).toBeVisible();
    await expect(page.getByTestId("documents-empty")).toBeVisible();
    await expect(page.getByTestId("upload-usage")).toHaveText("本月已上傳 0 個檔案（無上限）");

    await page.getByTestId("upload-input").setInputFiles([
      { name: "高鐵.txt", mimeType: "text/plain", buffer: Buffer.from(zhText) },
      { name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from("# Notes\n\nThe quarterly report is due on Friday.") },
    ]);
    await expect(page.getByText("上傳成功").first()).toBeVisible();
    await expect(page.getByText("處理完成").first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("document-row-高鐵.txt")).toHaveAttribute("data-status", "processed", { timeout: 20_000 });
    await expect(page.getByTestId("document-row-notes.md")).toHaveAttribute("data-status", "processed", { timeout: 20_000 });
    await expect(page.getByTestId("upload-usage")).toHaveText("本月已上傳 2 個檔案（無上限）");

    // Drag and drop onto the zone.
    await page.evaluate(() => {
      const zone = document.querySelector('[data-testid="upload-zone"]')!;
      const transfer = new DataTransfer();
      transfer.items.add(new File(["Dropped file about tea ceremonies."], "dropped.txt", { type: "text/plain" }));
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId("document-row-dropped.txt")).toBeVisible();
    await expect(page.getByTestId("document-row-dropped.txt")).toHaveAttribute("data-status", "processed", { timeout: 20_000 });

    // A file the product does not read: a clear error, nothing added.
    await page.getByTestId("upload-input").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) });
    await expect(page.getByText("上傳失敗", { exact: true })).toBeVisible();
    await expect(page.getByText(/photo\.png: 不支援的檔案格式/)).toBeVisible();
    await expect(page.getByTestId("document-row-photo.png")).toHaveCount(0);

    // Delete one, with confirmation.
    await page.getByTestId("delete-notes.md").click();
    await page.getByTestId("confirm-delete-document").click();
    await expect(page.getByText("刪除成功").first()).toBeVisible();
    await expect(page.getByTestId("document-row-notes.md")).toHaveCount(0);

    // Bulk delete the rest.
    await page.getByTestId("select-all").check();
    await expect(page.getByTestId("bulk-bar")).toContainText("已選取 2 個");
    await page.getByTestId("bulk-delete").click();
    await page.getByTestId("confirm-delete-document").click();
    await expect(page.getByText("已刪除 2 個檔案")).toBeVisible();
    await expect(page.getByTestId("documents-empty")).toBeVisible();
  });

  test("a document the parser refuses ends as an error with a readable reason", async ({ page }) => {
    await signIn(page, owner.email, owner.password);
    await page.goto("/?tab=files");
    // Starts like a PDF, is not one.
    await page.getByTestId("upload-input").setInputFiles({ name: "broken.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\nthis is not really a pdf\n%%EOF") });
    const row = page.getByTestId("document-row-broken.pdf");
    await expect(row).toHaveAttribute("data-status", "error", { timeout: 20_000 });
    await expect(row.getByTestId("document-error-reason")).toHaveText("檔案已損毀或格式不正確");
    await expect(page.getByText("處理失敗")).toBeVisible();
    await page.getByTestId("delete-broken.pdf").click();
    await page.getByTestId("confirm-delete-document").click();
    await expect(row).toHaveCount(0);
  });

  test("works on a phone-sized screen in English", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, owner.email, owner.password);
    await page.evaluate(() => {
      localStorage.setItem("language", "en");
      document.cookie = "NEXT_LOCALE=en; path=/";
    });
    await page.goto("/?tab=files");
    await expect(page.getByRole("heading", { name: "File library" })).toBeVisible();
    await page.getByTestId("upload-input").setInputFiles({ name: "phone.txt", mimeType: "text/plain", buffer: Buffer.from("Uploaded from a phone.") });
    await expect(page.getByText("Uploaded", { exact: true })).toBeVisible();
    await expect(page.getByTestId("document-row-phone.txt")).toHaveAttribute("data-status", "processed", { timeout: 20_000 });
    await page.getByTestId("delete-phone.txt").click();
    await page.getByTestId("confirm-delete-document").click();
    await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
    await context.close();
  });
});
