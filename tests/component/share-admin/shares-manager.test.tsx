import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { SharesManager } from "@/components/share-admin/shares-manager";
import { renderInLocale } from "../support/render";
import type { AssistantProfile } from "@/lib/server/present/api-types";
import { fakeApi } from "../support/fake-api";
import { ownerShare } from "../support/owner-share";

// The shares tab: the owner's deliberate way to make more links (one per press), beside the one
// the chat header's button hands out, which the list marks.

beforeEach(() => {
  vi.stubGlobal("open", vi.fn(() => null));
});

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

describe("SharesManager", () => {
  it("marks the share button's link, and its create button makes a new link on every press", async () => {
    let made = 0;
    const seen = fakeApi(({ method, path }) => {
      if (method === "GET" && path === "/api/shared-assistants") return { status: 200, body: [ownerShare("Quick_Link01", { quickLink: true })] };
      if (method === "GET" && path === "/api/assistant") return { status: 200, body: { name: "稅務小幫手", rolePrompt: "你是稅務顧問。" } satisfies AssistantProfile };
      if (method === "POST" && path === "/api/shared-assistants") return { status: 201, body: ownerShare(`Made_Link_0${++made}`, { name: "稅務小幫手" }) };
      return { status: 404, body: {} };
    });
    const { user } = renderInLocale(<SharesManager />);
    const quick = await screen.findByTestId("share-quick-link");
    expect(quick.textContent).toBe("分享按鈕的連結");
    expect(quick.getAttribute("title")).toContain("「分享為助手」按鈕每次都會給出這個連結");

    for (const press of [1, 2]) {
      await user.click(screen.getByTestId("create-share"));
      await vi.waitFor(() => expect(screen.getAllByTestId("share-row")).toHaveLength(1 + press));
    }
    const toast = (await screen.findAllByText("頁面連結已複製到剪貼簿"))[0].closest("[data-sonner-toast]") as HTMLElement;
    expect(within(toast).getByText("已建立新的分享連結，並嘗試在新分頁開啟")).toBeTruthy();
    expect(seen.filter((r) => r.method === "POST").map((r) => [r.path, r.body])).toEqual([
      ["/api/shared-assistants", { name: "稅務小幫手", rolePrompt: "你是稅務顧問。", includeDocuments: true }],
      ["/api/shared-assistants", { name: "稅務小幫手", rolePrompt: "你是稅務顧問。", includeDocuments: true }],
    ]);
    // Only the button's link is marked.
    expect(screen.getAllByTestId("share-quick-link")).toHaveLength(1);
    expect(await navigator.clipboard.readText()).toBe("http://localhost/shared/Made_Link_02");
  });
});
