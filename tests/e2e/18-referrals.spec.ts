import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { apiAs, newAccount, type Account } from "./support/accounts";
import { createShare, reachForChat } from "./support/shares";
import { register, signIn, uniqueEmail } from "./support/helpers";
import { GOOGLE_USER } from "./support/ports";

// This spec's own workspace owner: what it uploads, asks and shares is nobody else's (support/accounts.ts).
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount({ prefix: "referrals" });
});

// docs/rules/plans-and-referrals.md#referrals: an invitation link through registration to both sides' trials, the
// rules a browser meets (a code dropped or kept), Google sign-in, and an admin's supporter grant.

const DAY_MS = 24 * 60 * 60 * 1000;
const PENDING = "pendingReferralCode";

/** A day as next-intl shows it on these pages (zh-TW, Taipei time, dateStyle medium). */
function shownDay(instant: number, locale = "zh-TW") {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Asia/Taipei" }).format(new Date(instant));
}

/** YYYY-MM-DD in Taipei, as the date input takes it. */
function taipeiDay(instant: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Taipei", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
}

/** Presses Tab until `target` has the focus (at most 12 times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 12 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
}

const pendingCode = (page: Page) => page.evaluate((key) => localStorage.getItem(key), PENDING);

async function newUserPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** The inviter's invitation link and code, read from /account. */
async function invitation(page: Page) {
  await page.goto("/account");
  const link = await page.getByTestId("referral-link").inputValue();
  const code = (await page.getByTestId("referral-code").textContent())!.trim();
  expect(link).toMatch(new RegExp(`/auth\\?ref=${code}$`));
  return { link, code };
}

async function expectTrialShown(page: Page) {
  const day = shownDay(Date.now() + 14 * DAY_MS);
  for (const path of ["/account", "/subscribe"]) {
    await page.goto(path);
    await expect(page.getByTestId("plan-status")).toHaveAttribute("data-plan-kind", "trial");
    await expect(page.getByTestId("plan-status")).toContainText("完整試用");
    await expect(page.getByTestId("plan-status")).toContainText(day);
    await expect(page.getByTestId("trial-ends")).toContainText(day);
    // Workspaces are the admins' here (the default): the trial's limits wait for them to open.
    await expect(page.getByTestId("plan-limits")).toHaveText("管理員開放工作區後適用：無限上傳，單檔上限 30 MB");
  }
}

test.describe("referrals and plans", () => {
  test("an invitation link gives inviter and invitee a 14-day trial, shown on /account and /subscribe", async ({ page, browser }) => {
    const inviter = { email: uniqueEmail("inviter"), password: "inviter-pass-1", name: "邀請人" };
    await register(page, inviter);
    const { link, code } = await invitation(page);
    await expect(page.getByTestId("invited-count")).toHaveText("已邀請 0 人");
    await page.goto("/subscribe");
    await expect(page.getByTestId("plan-status")).toHaveText("免費方案");
    // No workspace to upload into (the default): no upload counter, but the reason.
    await expect(page.getByTestId("plan-no-workspace")).toBeVisible();
    await expect(page.getByTestId("plan-usage-count")).toHaveCount(0);
    await expect(page.getByTestId("donate-link")).toHaveAttribute("href", "https://example.org/donate");

    // The friend opens the link: the register tab, the code filled in and kept in the browser.
    const friend = await newUserPage(browser);
    await friend.page.goto(new URL(link).pathname + new URL(link).search);
    await expect(friend.page.getByTestId("register-form")).toBeVisible();
    await expect(friend.page.locator("#register-referralCode")).toHaveValue(code);
    await expect.poll(() => pendingCode(friend.page)).toBe(code);

    await friend.page.locator("#register-displayName").fill("受邀好友");
    await friend.page.locator("#register-email").fill(uniqueEmail("invitee"));
    await friend.page.locator("#register-password").fill("invitee-pass-1");
    await friend.page.getByTestId("register-submit").click();
    await expect(friend.page.getByText("註冊成功")).toBeVisible();
    await expect(friend.page.getByText("邀請碼處理成功")).toBeVisible();
    await expect.poll(() => pendingCode(friend.page)).toBeNull();
    await expectTrialShown(friend.page);

    // The inviter's days wait for the friend to really use the product: here (no workspace of their
    // own, as installs start) their first question, asked signed in on a share.
    await page.goto("/account");
    await expect(page.getByTestId("plan-status")).toHaveAttribute("data-plan-kind", "free");
    await expect(page.getByTestId("referral-rules")).toContainText("提出第一個問題");
    const ownerApi = await apiAs(owner);
    const shareId = await createShare(ownerApi, "邀請測試小幫手");
    await ownerApi.dispose();
    await friend.page.goto(`/shared/${shareId}`);
    await reachForChat(friend.page);
    await friend.page.getByTestId("message-input").fill("你好，請問可以問什麼？");
    await friend.page.getByTestId("send-button").click();
    await expect(friend.page.getByTestId("message-assistant").last()).toBeVisible({ timeout: 20_000 });
    await friend.context.close();

    await expectTrialShown(page);
    await page.goto("/account");
    await expect(page.getByTestId("invited-count")).toHaveText("已邀請 1 人");
  });

  test("a code that can never work is dropped with the reason; one that failed on the way is kept and tried again", async ({ page, browser }) => {
    const inviter = { email: uniqueEmail("inviter"), password: "inviter-pass-1", name: "邀請人二" };
    await register(page, inviter);
    const { code } = await invitation(page);

    // One's own code, opened while signed in: refused in words, and gone from the browser.
    await page.goto(`/auth?ref=${code}`);
    await expect(page.getByText("邀請碼處理失敗")).toBeVisible();
    await expect(page.getByText("不能使用自己的邀請碼")).toBeVisible();
    await expect.poll(() => pendingCode(page)).toBeNull();
    await page.goto("/account");
    await expect(page.getByTestId("plan-status")).toHaveText("免費方案");

    // A friend registers while the network drops the referral request: the code stays…
    const friend = await newUserPage(browser);
    await friend.page.route("**/api/referrals/process", (route) => route.abort("connectionreset"));
    await friend.page.goto(`/auth?ref=${code}`);
    await friend.page.locator("#register-displayName").fill("斷線好友");
    await friend.page.locator("#register-email").fill(uniqueEmail("offline"));
    await friend.page.locator("#register-password").fill("offline-pass-1");
    const attempt = friend.page.waitForRequest("**/api/referrals/process");
    await friend.page.getByTestId("register-submit").click();
    await expect(friend.page.getByText("註冊成功")).toBeVisible();
    await attempt;
    await friend.page.waitForURL((url) => url.pathname === "/");
    await friend.page.goto("/account");
    expect(await pendingCode(friend.page)).toBe(code);
    await expect(friend.page.getByTestId("plan-status")).toHaveText("免費方案");

    // …and the next page load applies it.
    await friend.page.unroute("**/api/referrals/process");
    await friend.page.reload();
    await expect(friend.page.getByText("邀請碼處理成功")).toBeVisible();
    await expect.poll(() => pendingCode(friend.page)).toBeNull();
    await expect(friend.page.getByTestId("plan-status")).toHaveAttribute("data-plan-kind", "trial");

    // A second code on the same account is refused and dropped; the trial stays as it was.
    await friend.page.goto("/auth?ref=ZZZZZZZZ");
    await expect(friend.page.getByText("找不到此邀請碼，請確認後再試")).toBeVisible();
    await expect.poll(() => pendingCode(friend.page)).toBeNull();
    await friend.context.close();
  });

  test("a code from an invitation applies after Google sign-in too", async ({ page, browser }) => {
    await register(page, { email: uniqueEmail("inviter"), password: "inviter-pass-1", name: "邀請人三" });
    const { code } = await invitation(page);
    const guest = await newUserPage(browser);
    await guest.page.goto(`/auth?ref=${code}`);
    await expect(guest.page.locator("#register-referralCode")).toHaveValue(code);
    await expect.poll(() => pendingCode(guest.page)).toBe(code);
    await guest.page.getByTestId("google-signin").click();
    await guest.page.waitForURL((url) => !url.pathname.startsWith("/auth") && !url.pathname.startsWith("/api"));
    await expect(guest.page.getByText("邀請碼處理成功")).toBeVisible();
    await expect.poll(() => pendingCode(guest.page)).toBeNull();
    const me = await (await guest.page.request.get("/api/user")).json();
    expect(me.email).toBe(GOOGLE_USER.email);
    expect(me.planStatus.kind).toBe("trial");
    await guest.context.close();
  });

  test("the admin grants supporter with an end date from the user list, and removes it by keyboard on a phone", async ({ page, browser }) => {
    const member = { email: uniqueEmail("member"), password: "member-pass-1", name: "會員" };
    const memberPage = await newUserPage(browser);
    await register(memberPage.page, member);

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, owner.email, owner.password);
    await page.goto("/admin/users");
    await page.getByTestId("users-search").fill(member.email);
    await expect(page.getByTestId(`plan-status-${member.email}`)).toHaveText("免費方案");

    await page.getByTestId(`plan-action-${member.email}`).click();
    const dialog = page.getByTestId("supporter-grant-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("grant-until")).toBeDisabled();
    await dialog.getByTestId("grant-plan-supporter").check();
    // A day already past is refused in the dialog.
    await dialog.getByTestId("grant-until").fill(taipeiDay(Date.now() - 2 * DAY_MS));
    await dialog.getByTestId("grant-save").click();
    await expect(dialog.getByTestId("grant-until-error")).toHaveText("期限不能早於今天");
    const lastDay = Date.now() + 30 * DAY_MS;
    await dialog.getByTestId("grant-until").fill(taipeiDay(lastDay));
    await dialog.getByTestId("grant-save").click();
    await expect(page.getByText("已開通支持者方案")).toBeVisible();
    await expect(dialog).toBeHidden();
    const status = page.getByTestId(`plan-status-${member.email}`);
    await expect(status).toContainText("支持者方案");
    await expect(status).toContainText(shownDay(lastDay));

    // The member sees the same plan and end date.
    for (const path of ["/account", "/subscribe"]) {
      await memberPage.page.goto(path);
      await expect(memberPage.page.getByTestId("plan-status")).toHaveAttribute("data-plan-kind", "supporter");
      await expect(memberPage.page.getByTestId("plan-status")).toContainText(shownDay(lastDay));
      await expect(memberPage.page.getByTestId("supporter-ends")).toContainText(shownDay(lastDay));
      // No workspace here (the default): the grant's limits wait for one, and no upload counter shows.
      await expect(memberPage.page.getByTestId("plan-limits")).toHaveText("管理員開放工作區後適用：無限上傳，單檔上限 30 MB");
    }

    // On a phone the list is cards; the dialog opens, is filled and saved with the keyboard alone.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("users-cards")).toBeVisible();
    await page.getByTestId(`plan-action-${member.email}`).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("grant-plan-supporter")).toBeChecked();
    await expect(dialog.getByTestId("grant-until")).toHaveValue(taipeiDay(lastDay));
    // Focus starts inside the dialog; Tab reaches the plan choice, arrows change it.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await tabTo(page, dialog.getByTestId("grant-plan-supporter"));
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByTestId("grant-plan-free")).toBeChecked();
    await expect(dialog.getByTestId("grant-until")).toBeDisabled();
    await tabTo(page, dialog.getByTestId("grant-save"));
    await page.keyboard.press("Enter");
    await expect(page.getByText("已移除支持者方案")).toBeVisible();
    await expect(page.getByTestId(`plan-status-${member.email}`)).toHaveText("免費方案");
    await memberPage.page.goto("/subscribe");
    await expect(memberPage.page.getByTestId("plan-status")).toHaveText("免費方案");
    await expect(memberPage.page.getByTestId("plan-limits")).toHaveText("管理員開放工作區後適用：每月可上傳 5 個檔案，單檔上限 10 MB");
    await memberPage.context.close();
  });
});
