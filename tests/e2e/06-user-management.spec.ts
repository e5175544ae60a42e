import { expect, test } from "@playwright/test";
import { ADMIN, signIn, uniqueEmail } from "./support/helpers";

test.describe("user management", () => {
  test("the admin creates, finds, changes, disables and deletes a user", async ({ page, browser }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/admin/users");
    const email = uniqueEmail("staff");

    // The dialog validates before sending.
    await page.getByTestId("users-create").click();
    await page.getByTestId("create-submit").click();
    await expect(page.getByText("請輸入有效的電子郵件地址")).toBeVisible();

    await page.getByTestId("create-displayName").fill("新同事");
    await page.getByTestId("create-email").fill(email);
    await page.getByTestId("create-password").fill("colleague-pass-1");
    await page.getByTestId("create-role").selectOption("user");
    await page.getByTestId("create-submit").click();
    await expect(page.getByText("用戶創建成功")).toBeVisible();

    // The same e-mail again: 創建用戶失敗 with the server's reason.
    await page.getByTestId("users-create").click();
    await page.getByTestId("create-displayName").fill("重複");
    await page.getByTestId("create-email").fill(email);
    await page.getByTestId("create-password").fill("colleague-pass-1");
    await page.getByTestId("create-submit").click();
    await expect(page.getByText("創建用戶失敗")).toBeVisible();
    await expect(page.getByText("此電子郵件已被註冊").first()).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByTestId("users-search").fill(email);
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId(`user-row-${ADMIN.email}`)).toHaveCount(0);

    // The new colleague signs in elsewhere; promoting them ends that session.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, email, "colleague-pass-1");
    expect((await otherPage.request.get("/api/user")).status()).toBe(200);

    await page.getByTestId(`role-select-${email}`).selectOption("manager");
    // A role change asks first (the dialog is proven in the component tests).
    await page.getByTestId("role-change-confirm").click();
    await expect(page.getByText("用戶已更新")).toBeVisible();
    expect((await otherPage.request.get("/api/user")).status()).toBe(401);
    await page.getByTestId(`plan-action-${email}`).click();
    await page.getByTestId("grant-plan-supporter").check();
    await page.getByTestId("grant-save").click();
    await expect(page.getByText("已開通支持者方案")).toBeVisible();
    await expect(page.getByTestId(`plan-status-${email}`)).toHaveText("支持者方案");

    await signIn(otherPage, email, "colleague-pass-1");
    await page.getByTestId(`toggle-disabled-${email}`).click();
    await expect(row).toContainText("已停用");
    expect((await otherPage.request.get("/api/user")).status()).toBe(401);
    await other.close();

    await page.getByTestId(`delete-${email}`).click();
    await page.getByTestId("confirm-delete").click();
    await expect(page.getByText("用戶已刪除")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("/user-management is the same page", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/user-management");
    // Other specs add accounts as they run: the admin's row is found by searching, as anyone's is.
    await page.getByTestId("users-search").fill(ADMIN.email);
    await expect(page.getByTestId(`user-row-${ADMIN.email}`)).toBeVisible();
  });
});
