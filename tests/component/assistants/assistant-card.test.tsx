import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { AssistantCard } from "@/components/assistants/assistant-card";
import { fakeApi } from "../support/fake-api";
import { assistant, collectionList } from "../support/library-data";
import { renderInLocale } from "../support/render";

// One assistant in the assistants tab: what it answers from, and deleting it only once the owner
// has read what goes with it.

const handbook = assistant("h", "員工手冊助理", { knowledge: { all: false, documentIds: ["a", "b"], collectionIds: ["hr"] }, documentCount: 14, shareCount: 2 });

function card(props: Partial<React.ComponentProps<typeof AssistantCard>> = {}, locale: "zh-TW" | "en" = "zh-TW") {
  return renderInLocale(
    <ul>
      <AssistantCard assistant={handbook} onlyOne={false} {...props} />
    </ul>,
    { locale },
  );
}

describe("AssistantCard", () => {
  it("shows what it answers from and how many documents and share links it has", () => {
    card();
    expect(screen.getByTestId("assistant-knowledge").textContent).toBe("已選 2 份文件、1 個文件集");
    expect(screen.getByTestId("assistant-document-count").textContent).toBe("從 14 份文件回答");
    expect(screen.getByTestId("assistant-share-count").textContent).toBe("2 個分享連結");
    expect(screen.queryByTestId("assistant-default-badge")).toBeNull();
    expect(screen.getByTestId("assistant-chat").getAttribute("href")).toBe("/?assistant=h");
  });

  it("the default one answering from all documents says so; one with nothing chosen says how to choose", async () => {
    const { unmount } = card({ assistant: assistant("d", "文件助理", { isDefault: true, knowledge: { all: true, documentIds: [], collectionIds: [] }, documentCount: 3 }) });
    expect(screen.getByTestId("assistant-default-badge").textContent).toBe("預設");
    expect(screen.getByTestId("assistant-knowledge").textContent).toBe("所有文件（含日後上傳）");
    expect(screen.getByTestId("assistant-share-count").textContent).toBe("尚未分享");
    unmount();
    fakeApi({ "GET /api/documents": () => ({ body: [] }), "GET /api/collections": () => ({ body: collectionList() }) });
    const { user } = card({ assistant: assistant("n", "New one") }, "en");
    const empty = screen.getByTestId("assistant-no-documents");
    expect(empty.textContent).toContain("This assistant has no documents yet");
    expect(screen.getByTestId("assistant-knowledge").textContent).toBe("No documents chosen");
    await user.click(within(empty).getByRole("button", { name: "Choose documents" }));
    expect(await screen.findByTestId("knowledge-picker")).toBeTruthy();
  });

  it("delete asks first, saying its share links end and its documents stay; cancel sends nothing, confirm deletes it", async () => {
    const calls = fakeApi({ "DELETE /api/assistants/h": () => ({ body: { ok: true } }) });
    const { user } = card();
    await user.click(screen.getByTestId("assistant-more"));
    await user.click(await screen.findByTestId("assistant-delete"));
    const dialog = await screen.findByTestId("delete-assistant-dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("刪除「員工手冊助理」？");
    expect(within(dialog).getByTestId("delete-assistant-body").textContent).toBe("它的 2 個分享連結會立即失效。您與它的對話紀錄也會一併刪除；它使用的文件會保留在檔案庫中。此操作無法復原。");
    await user.click(within(dialog).getByRole("button", { name: "取消" }));
    await waitFor(() => expect(screen.queryByTestId("delete-assistant-dialog")).toBeNull());
    // Focus goes back to the menu's button rather than to the page's top.
    expect(document.activeElement).toBe(screen.getByTestId("assistant-more"));
    expect(calls).toEqual([]);

    await user.click(screen.getByTestId("assistant-more"));
    await user.click(await screen.findByTestId("assistant-delete"));
    await user.click(await screen.findByTestId("confirm-delete-assistant"));
    await waitFor(() => expect(calls).toEqual([{ method: "DELETE", path: "/api/assistants/h", query: "", body: undefined }]));
    expect(await screen.findByText("已刪除「員工手冊助理」")).toBeTruthy();
  });

  it("an assistant with no share links is deleted with that said; the refusal for the last one is the server's, translated", async () => {
    fakeApi({ "DELETE /api/assistants/h": () => ({ status: 409, body: { error: { code: "conflict", message: "You need to keep at least one assistant" } } }) });
    const { user } = card({ assistant: { ...handbook, shareCount: 0 } }, "en");
    await user.click(screen.getByTestId("assistant-more"));
    await user.click(await screen.findByTestId("assistant-delete"));
    expect((await screen.findByTestId("delete-assistant-body")).textContent).toContain("It has no share links.");
    await user.click(screen.getByTestId("confirm-delete-assistant"));
    expect(await screen.findByText("Could not delete the assistant")).toBeTruthy();
    expect(screen.getByText("You need to keep at least one assistant")).toBeTruthy();
  });

  it("the owner's only assistant cannot be deleted", async () => {
    const { user } = card({ onlyOne: true });
    await user.click(screen.getByTestId("assistant-more"));
    expect((await screen.findByTestId("assistant-delete")).getAttribute("aria-disabled")).toBe("true");
  });
});
