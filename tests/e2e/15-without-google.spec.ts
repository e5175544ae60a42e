import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { startInstance, stopInstance, waitForHealth } from "./support/app-instance";
import { NO_GOOGLE_PORT } from "./support/ports";

// A server without Google sign-in (and without SUPPORT_URL): a share that requires Google sign-in
// (set while Google was configured) is no dead end: its visitors are told plainly, its owner sees
// it on the shares tab, and the mode cannot be chosen for another share. "Support us" opens the
// product's own /support page.

const BASE = `http://127.0.0.1:${NO_GOOGLE_PORT}`;
const ADMIN = { email: "owner@example.com", password: "owner-password-1", displayName: "擁有者" };
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

async function createShare(api: APIRequestContext, name: string): Promise<string> {
  const res = await api.post("/api/shared-assistants", { data: { name, rolePrompt: "", includeDocuments: true } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { shareId: string }).shareId;
}

test("a google_required share on a server without Google sign-in", async ({ browser }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-no-google-"));
  const withGoogle = { GOOGLE_CLIENT_ID: "configured-once", GOOGLE_CLIENT_SECRET: "configured-once", SUPPORT_URL: "" };
  let server = startInstance({ port: NO_GOOGLE_PORT, dataDir, env: withGoogle });
  const api = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  try {
    await waitForHealth(BASE);
    expect((await api.post("/api/trial-setup", { data: ADMIN })).status()).toBe(201);
    const members = await createShare(api, "會員專屬小幫手");
    const open = await createShare(api, "公開小幫手");
    expect((await api.patch(`/api/shared-assistants/${members}`, { data: { accessMode: "google_required" } })).status()).toBe(200);

    // Google sign-in is taken off the server.
    await stopInstance(server);
    server = startInstance({ port: NO_GOOGLE_PORT, dataDir, env: { GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "", SUPPORT_URL: "" } });
    await waitForHealth(BASE);
    const refused = await api.patch(`/api/shared-assistants/${open}`, { data: { accessMode: "google_required" } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.details).toEqual([expect.objectContaining({ path: "accessMode", message: "validation.googleSignInUnavailable" })]);

    // A visitor on a desktop: told why, offered an account sign-in, no Google button, no input.
    const desktop = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 } });
    const page = await desktop.newPage();
    await page.goto(`/shared/${members}`);
    const notice = page.getByTestId("sign-in-unavailable");
    await expect(notice).toContainText("這個網站尚未開放 Google 登入");
    await expect(page.getByTestId("message-input")).toHaveCount(0);
    await expect(page.getByTestId("shared-sign-in")).toHaveCount(0);
    await expect(page.getByTestId("sign-in-with-account")).toHaveAttribute("href", `/auth?next=${encodeURIComponent(`/shared/${members}`)}`);
    // Support us: the product's own page, in a new tab.
    const support = page.getByTestId("shared-support");
    await expect(support).toHaveAttribute("href", "/support");
    await expect(support).toHaveAttribute("target", "_blank");
    // An open share on the same server is unaffected.
    await page.goto(`/shared/${open}`);
    await expect(page.getByTestId("message-input")).toBeVisible();
    await expect(page.getByTestId("sign-in-unavailable")).toHaveCount(0);
    await desktop.close();

    // In English on a phone.
    const phone = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, userAgent: IPHONE, hasTouch: true });
    await phone.addCookies([{ name: "NEXT_LOCALE", value: "en", url: BASE }]);
    const phonePage = await phone.newPage();
    await phonePage.goto(`/shared/${members}`);
    await expect(phonePage.getByTestId("sign-in-unavailable")).toContainText("Google sign-in is not available on this site");
    await expect(phonePage.getByTestId("sign-in-with-account")).toBeVisible();
    await phone.close();

    // The owner: a warning on the share's card, and the mode cannot be chosen for another share.
    const owner = await browser.newContext({ baseURL: BASE });
    const ownerPage = await owner.newPage();
    expect((await ownerPage.request.post("/api/login", { data: { email: ADMIN.email, password: ADMIN.password }, headers: { origin: BASE } })).status()).toBe(200);
    await ownerPage.goto("/?tab=shares");
    const membersCard = ownerPage.locator(`[data-share-id="${members}"]`);
    const openCard = ownerPage.locator(`[data-share-id="${open}"]`);
    await expect(membersCard.getByTestId("share-google-unavailable")).toContainText("此伺服器尚未設定 Google 登入");
    await expect(openCard.getByTestId("share-google-unavailable")).toHaveCount(0);
    await openCard.getByTestId("share-edit").click();
    await expect(ownerPage.getByTestId("share-edit-access").locator('option[value="google_required"]')).toBeDisabled();
    await owner.close();
  } finally {
    await api.dispose();
    await stopInstance(server);
  }
});
