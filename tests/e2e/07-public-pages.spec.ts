import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./support/helpers";

test.describe("public pages", () => {
  test("feedback: clear errors, then stored and visible to the admin", async ({ page }) => {
    await page.goto("/feedback");
    await page.getByTestId("feedback-submit").click();
    await expect(page.getByTestId("feedback-message-error")).toHaveText("請輸入內容");
    await page.locator("#feedback-email").fill("not-an-email");
    await page.locator("#feedback-message").fill("上傳按鈕在手機上太小了 <script>alert(1)</script>");
    await page.getByTestId("feedback-submit").click();
    await expect(page.getByTestId("feedback-email-error")).toHaveText("請輸入有效的電子郵件地址");
    await page.locator("#feedback-email").fill("");
    await page.locator("#feedback-category").selectOption("bug");
    await page.getByTestId("feedback-submit").click();
    await expect(page.getByTestId("feedback-sent")).toBeVisible();

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/admin/feedback");
    // Shown as text, never as markup.
    await expect(page.getByText("上傳按鈕在手機上太小了 <script>alert(1)</script>")).toBeVisible();
  });

  test("guide, support and the not-found page render in both languages", async ({ page }) => {
    await page.goto("/guide");
    await expect(page.getByRole("heading", { level: 2, name: /上傳文件/ })).toBeVisible();
    await page.goto("/support");
    await expect(page.getByTestId("plan-free")).toContainText("每月上傳 5 個檔案");
    await expect(page.getByTestId("plan-supporter")).toContainText("單檔最大 30MB");
    await expect(page.getByTestId("donate-link")).toHaveAttribute("href", "https://example.org/donate");
    await page.getByTestId("language-switcher").click();
    await page.getByTestId("language-en").click();
    await expect(page.getByTestId("plan-supporter")).toContainText("Files up to 30MB");
    await page.goto("/missing-page");
    await expect(page.getByText("Page not found")).toBeVisible();
  });
});
