import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { ShareAssistantButton } from "@/components/share-admin/share-assistant-button";
import type { QuickLink } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";
import { fakeApi } from "../support/fake-api";
import { ownerShare } from "../support/owner-share";

// The chat header's share button in the browser: it asks for the assistant's quick link (never a
// new share), copies it, says so, and opens it; the same link again on every press.

/** The server's side of the quick link: made on the first request, the same one after. */
function quickLinkServer() {
  let made = false;
  return fakeApi(({ method, path }) => {
    if (method === "POST" && path === "/api/assistant/share-link") {
      const created = !made;
      made = true;
      return { status: created ? 201 : 200, body: { share: ownerShare("Quick_Link01", { quickLink: true }), created } satisfies QuickLink };
    }
    return { status: 404, body: { error: { code: "not_found", message: "not here" } } };
  });
}

function renderButton(locale: "zh-TW" | "en" = "zh-TW") {
  return renderInLocale(
    <ShareAssistantButton assistantId="assistant-1" />,
    { locale },
  );
}

/** The newest toast's title and description. */
async function toastSaying(title: string) {
  const toast = (await screen.findByText(title, {}, { timeout: 5_000 })).closest("[data-sonner-toast]") as HTMLElement;
  return within(toast);
}

let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  open = vi.fn(() => null);
  vi.stubGlobal("open", open);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Toasts live in sonner's module, not in the rendered tree: the next test starts with none.
  sonner.dismiss();
});

describe("ShareAssistantButton", () => {
  it("copies the assistant's link, says it is copied and new, and opens it", async () => {
    const seen = quickLinkServer();
    const { user } = renderButton();
    await user.click(screen.getByTestId("share-assistant-button"));
    const toast = await toastSaying("頁面連結已複製到剪貼簿");
    expect(toast.getByText("已建立新的分享連結，並嘗試在新分頁開啟")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe("http://localhost/shared/Quick_Link01");
    expect(open).toHaveBeenCalledExactlyOnceWith("http://localhost/shared/Quick_Link01", "_blank", "noopener");
    expect(seen).toEqual([{ method: "POST", path: "/api/assistant/share-link", query: "?assistantId=assistant-1", body: undefined }]);
  });

  it("a second press gives the same link and says it is the one the assistant already has; no share is created", async () => {
    const seen = quickLinkServer();
    const { user } = renderButton();
    await user.click(screen.getByTestId("share-assistant-button"));
    await toastSaying("已建立新的分享連結，並嘗試在新分頁開啟");
    await navigator.clipboard.writeText("");
    await user.click(screen.getByTestId("share-assistant-button"));
    await toastSaying("這是此助手先前建立的分享連結（沒有另建新連結），並嘗試在新分頁開啟");
    expect(await navigator.clipboard.readText()).toBe("http://localhost/shared/Quick_Link01");
    expect(open).toHaveBeenNthCalledWith(2, "http://localhost/shared/Quick_Link01", "_blank", "noopener");
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/assistant/share-link", "POST /api/assistant/share-link"]);
  });

  it("where the clipboard is refused, says the link was not copied and where to find it", async () => {
    quickLinkServer();
    const { user } = renderButton();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await user.click(screen.getByTestId("share-assistant-button"));
    const toast = await toastSaying("已建立分享連結");
    expect(toast.getByText("無法自動複製連結；已嘗試在新分頁開啟，也可在「分享」分頁複製")).toBeTruthy();
    expect(screen.queryByText("頁面連結已複製到剪貼簿")).toBeNull();
    expect(open).toHaveBeenCalledOnce();
  });

  it("a refusal shows 分享失敗 and opens nothing", async () => {
    fakeApi(() => ({ status: 500, body: { error: { code: "internal", message: "伺服器發生錯誤" } } }));
    const { user } = renderButton();
    await user.click(screen.getByTestId("share-assistant-button"));
    const toast = await toastSaying("分享失敗");
    expect(toast.getByText("無法創建共享助手，請稍後再試")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("speaks English to an English reader", async () => {
    quickLinkServer();
    const { user } = renderButton("en");
    expect(screen.getByTestId("share-assistant-button").getAttribute("aria-label")).toBe("Share as assistant");
    await user.click(screen.getByTestId("share-assistant-button"));
    const toast = await toastSaying("Page link copied to the clipboard");
    expect(toast.getByText("A new share link was made; it opens in a new tab if the browser allows")).toBeTruthy();
  });
});
