import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { MESSAGES_CACHE_REFRESH_THRESHOLD_MS } from "@/lib/constants";
import { visitMarkKey } from "@/lib/share-visitor/guest-storage";

// The owner's side of the shared-page specs, through the API (a request context of the spec's
// owner, support/accounts.ts), so the browser pages under test stay visitors.

export const WASTE_TEXT = "臺北市垃圾清運\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。\n\n巨大垃圾需事先預約，清潔隊會在預約日到府收運。";

/** Uploads the waste-collection notice once and waits until it is processed. */
export async function ensureWasteDocument(api: APIRequestContext) {
  await ensureDocument(api, { name: "垃圾清運.txt", mimeType: "text/plain", buffer: Buffer.from(WASTE_TEXT) });
}

/** Uploads a document unless the account has one of that name, and waits until it is processed. */
export async function ensureDocument(api: APIRequestContext, file: { name: string; mimeType: string; buffer: Buffer }) {
  const list = (await (await api.get("/api/documents")).json()) as { originalName: string; status: string }[];
  if (!list.some((d) => d.originalName === file.name)) {
    const res = await api.post("/api/documents/upload", { multipart: { file } });
    expect(res.status()).toBe(201);
  }
  await expect
    .poll(async () => ((await (await api.get("/api/documents")).json()) as { originalName: string; status: string }[]).find((d) => d.originalName === file.name)?.status, { timeout: 30_000 })
    .toBe("processed");
}

export async function createShare(api: APIRequestContext, name: string, changes: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post("/api/shared-assistants", { data: { name, rolePrompt: "你是環保局客服。", includeDocuments: true } });
  expect(res.status()).toBe(201);
  const { shareId } = (await res.json()) as { shareId: string };
  if (Object.keys(changes).length > 0) expect((await api.patch(`/api/shared-assistants/${shareId}`, { data: changes })).status()).toBe(200);
  return shareId;
}

/**
 * The first sign of a person at a shared page (a mouse moving over it): a new visitor's chat
 * fetches its code only then (components/share-visitor/first-intent.ts). Resolves once the code
 * has taken over the server's HTML, for steps that need it (the opening questions, an image set
 * on the file input directly). A tap, a click, a key or focus does the same on its own.
 */
export async function reachForChat(page: Page) {
  await sharedPageSettled(page);
  await page.mouse.move(4, 4);
  await expect(page.locator("[data-awaits-code]")).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Until the browser swaps in the chat React's server sent apart from the page, a shared page holds
 * an inert copy of it as well (components/share-visitor/shared-assistant-lazy.tsx), usually for no
 * longer than a frame: steps that press something as the page appears wait for the swap.
 */
export async function sharedPageSettled(page: Page) {
  await expect(page.locator("[data-server-copy]")).toHaveCount(0);
}

/**
 * As if the visitor came back a while after their last visit: the page's visit mark is moved back
 * past the 2 s within which a reload shows the conversation cached in the browser, so the next
 * load shows the server's copy.
 */
export async function comeBackLater(page: Page, shareId: string) {
  await page.evaluate(({ key, at }) => localStorage.setItem(key, String(at)), { key: visitMarkKey(shareId), at: Date.now() - MESSAGES_CACHE_REFRESH_THRESHOLD_MS - 1_000 });
}
