import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { GoogleAvailability } from "@/components/share-admin/google-availability";
import { ShareEditForm } from "@/components/share-admin/share-edit-dialog";
import type { OwnerShare } from "@/lib/server/present/api-types";
import { fakeApi } from "../support/fake-api";
import { assistant, assistantList } from "../support/library-data";
import { renderInLocale } from "../support/render";

// A share belongs to an assistant and follows its name and role prompt unless it has its own.

const handbook = assistant("h", "員工手冊助理", { rolePrompt: "你是人資助理。" });
const faq = assistant("f", "產品 FAQ", { rolePrompt: "你是客服。" });

const share: OwnerShare = {
  id: "1",
  shareId: "abc",
  shareUrl: "http://localhost/shared/abc",
  assistantId: "h",
  assistantName: "員工手冊助理",
  name: "新人問答",
  rolePrompt: "你是人資助理。",
  ownName: true,
  ownRolePrompt: false,
  isPublicMode: false,
  accessMode: "open",
  includeDocuments: true,
  announcementEnabled: false,
  pinnedAnnouncement: null,
  embedOrigins: [],
  quickLink: false,
  messageCount: 0,
  createdAt: "2026-12-01T00:00:00.000Z",
};

function form() {
  const calls = fakeApi({
    "GET /api/assistants": () => ({ body: assistantList([handbook, faq]) }),
    "PATCH /api/shared-assistants/abc": ({ body }) => ({ body: { ...share, ...(body as Partial<OwnerShare>) } satisfies OwnerShare }),
  });
  const onDone = vi.fn();
  const view = renderInLocale(
    <GoogleAvailability.Provider value>
      <ShareEditForm share={share} onDone={onDone} />
    </GoogleAvailability.Provider>,
  );
  return { ...view, calls, onDone, patched: () => calls.find((c) => c.method === "PATCH")?.body };
}

describe("ShareEditForm", () => {
  it("says which of the name and role prompt follow the assistant; the way back sets the assistant's own", async () => {
    const { user, patched, onDone } = form();
    await screen.findByTestId("share-edit-assistant");
    expect(screen.getByTestId("share-name-follow").textContent).toContain("這個分享使用自己的設定");
    expect(screen.getByTestId("share-role-follow").textContent).toBe("跟隨助理「員工手冊助理」：助理變更時，這裡也會跟著變更");
    await user.click(screen.getByTestId("share-name-follow-reset"));
    expect((screen.getByTestId("share-edit-name") as HTMLInputElement).value).toBe("員工手冊助理");
    expect(screen.getByTestId("share-name-follow").getAttribute("data-following")).toBe("true");
    await user.click(screen.getByTestId("share-edit-save"));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // The assistant's own name, which the server stores as "follow the assistant"; the assistant stays.
    expect(patched()).toMatchObject({ name: "員工手冊助理", rolePrompt: "你是人資助理。" });
    expect(patched()).not.toHaveProperty("assistantId");
  });

  it("moving the link to another assistant: what followed the old one follows the new one; its own name stays", async () => {
    const { user, patched, onDone } = form();
    await user.selectOptions(await screen.findByTestId("share-edit-assistant"), "f");
    expect((screen.getByTestId("share-edit-name") as HTMLInputElement).value).toBe("新人問答");
    expect((screen.getByTestId("share-edit-role") as HTMLTextAreaElement).value).toBe("你是客服。");
    expect(screen.getByTestId("share-role-follow").textContent).toContain("產品 FAQ");
    await user.click(screen.getByTestId("share-edit-save"));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(patched()).toMatchObject({ assistantId: "f", name: "新人問答", rolePrompt: "你是客服。" });
  });
});
