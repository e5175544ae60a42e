import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@example.com", password: "admin-password-1", name: "站長" };

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByTestId("tab-signin").click();
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(password);
  await page.getByTestId("signin-submit").click();
  await expect(page.getByText("登入成功")).toBeVisible();
  await page.waitForURL((url) => url.pathname !== "/auth");
}

export async function register(page: Page, user: { email: string; password: string; name: string }) {
  await page.goto("/auth?tab=register");
  await page.locator("#register-displayName").fill(user.name);
  await page.locator("#register-email").fill(user.email);
  await page.locator("#register-password").fill(user.password);
  await page.getByTestId("register-submit").click();
  await expect(page.getByText("註冊成功")).toBeVisible();
  await page.waitForURL((url) => url.pathname !== "/auth");
}

/** Creates a user through the API as the signed-in admin of `page` (keeps the admin's session). */
export async function createUserAsAdmin(page: Page, user: { email: string; password: string; name: string; role: string }) {
  const res = await page.request.post("/api/register", {
    data: { email: user.email, password: user.password, displayName: user.name, role: user.role },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(201);
}

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter++;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/**
 * Waits until a popup has closed. A sign-in popup that needs no input can close before the test
 * gets to listen for it, and Playwright's wait for "close" on a page already closed never ends.
 */
export async function popupClosed(popup: Page, timeout = 20_000): Promise<void> {
  if (popup.isClosed()) return;
  await popup.waitForEvent("close", { timeout });
}

/**
 * Asks in the chat (the owner's, or a share's) and returns the new reply. Counted once the earlier
 * conversation has loaded (the region is no longer aria-busy): counted before, a reply loaded with
 * the history would pass for the new one.
 */
export async function askInChat(page: Page, question: string, options: { send?: "enter" | "button"; timeout?: number } = {}) {
  await expect(page.getByTestId("conversation-scroll")).not.toHaveAttribute("aria-busy", "true", { timeout: 15_000 });
  const replies = page.getByTestId("message-assistant");
  await page.getByTestId("message-input").fill(question);
  // A reply still being sent can be on screen twice for a moment (its streamed copy and its
  // stored one): count once the send button says the earlier send is over (CI run 35).
  await expect(page.getByTestId("send-button")).toBeEnabled({ timeout: 20_000 });
  const before = await replies.count();
  if (options.send === "button") await page.getByTestId("send-button").click();
  else await page.getByTestId("message-input").press("Enter");
  await expect(replies).toHaveCount(before + 1, { timeout: options.timeout ?? 20_000 });
  return replies.last();
}
