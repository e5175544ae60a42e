import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { AssistantSwitcherMenu } from "@/components/chat/assistant-switcher-menu";
import type { Locale } from "@/lib/constants";
import { fakeApi } from "../support/fake-api";
import { assistant, collectionList, libraryDocument } from "../support/library-data";
import { setLocation } from "../support/navigation";
import { renderInLocale } from "../support/render";

// The chat header's assistant menu as the header mounts it on the first press: already open.

const assistants = [assistant("d", "文件助理", { isDefault: true, knowledge: { all: true, documentIds: [], collectionIds: [] } }), assistant("h", "員工手冊助理"), assistant("f", "產品 FAQ")];

function menu(props: Partial<React.ComponentProps<typeof AssistantSwitcherMenu>> = {}, locale: Locale = "zh-TW") {
  const onChoose = vi.fn();
  const view = renderInLocale(<AssistantSwitcherMenu current={{ id: "h", name: "員工手冊助理" }} assistants={assistants} failed={false} busy={false} openedByKeyboard onChoose={onChoose} {...props} />, { locale });
  return { ...view, onChoose };
}

describe("AssistantSwitcherMenu", () => {
  it("lists the owner's assistants with the default one marked and the chat's one checked, then new and manage", async () => {
    setLocation("/?assistant=h");
    menu();
    const options = await screen.findAllByTestId("assistant-option");
    expect(options.map((o) => o.textContent)).toEqual(["文件助理預設", "員工手冊助理", "產品 FAQ"]);
    expect(options.map((o) => o.getAttribute("aria-checked"))).toEqual(["false", "true", "false"]);
    expect(screen.getByTestId("new-assistant").textContent).toBe("新增助理");
    // Managing keeps the chosen assistant in the address, so coming back to the chat finds it.
    expect(screen.getByTestId("manage-assistants").getAttribute("href")).toBe("/?assistant=h&tab=assistants");
    // The title button says whose chat it is and what it does.
    expect(screen.getByTestId("assistant-switcher").getAttribute("aria-label")).toBe("員工手冊助理：切換助理");
  });

  it("opened from the keyboard: arrows move, Enter chooses another assistant and the menu closes", async () => {
    const { user, onChoose } = menu();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("文件助理預設"));
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(onChoose).toHaveBeenCalledExactlyOnceWith("f");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("while a reply is on its way, the other assistants and a new one cannot be chosen", async () => {
    const { user, onChoose } = menu({ busy: true });
    const options = await screen.findAllByTestId("assistant-option");
    expect(options.map((o) => o.getAttribute("aria-disabled"))).toEqual(["true", null, "true"]);
    expect(screen.getByTestId("new-assistant").getAttribute("aria-disabled")).toBe("true");
    await user.click(options[2]);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("says so while the list loads and when it could not be loaded", async () => {
    const { unmount } = menu({ assistants: undefined });
    expect((await screen.findByRole("menu")).textContent).toContain("載入中…");
    unmount();
    menu({ assistants: undefined, failed: true });
    expect((await screen.findByRole("menu")).textContent).toContain("無法取得助理列表");
  });

  it("new assistant: made with its documents in the dialog, then the chat switches to it", async () => {
    const calls = fakeApi({
      "GET /api/documents": () => ({ body: [libraryDocument("doc1", "員工手冊.pdf"), libraryDocument("doc2", "產品說明.pdf")] }),
      "GET /api/collections": () => ({ body: collectionList() }),
      "POST /api/assistants": ({ body }) => ({ status: 201, body: assistant("new", (body as { name: string }).name) }),
    });
    const { user, onChoose } = menu();
    await user.click(await screen.findByTestId("new-assistant"));
    const dialog = await screen.findByTestId("assistant-editor");
    await user.type(within(dialog).getByLabelText("助理名稱"), "請假小幫手");
    await user.click(await within(dialog).findByRole("checkbox", { name: /員工手冊\.pdf/ }));
    await user.click(within(dialog).getByTestId("assistant-settings-save"));
    await waitFor(() => expect(onChoose).toHaveBeenCalledExactlyOnceWith("new"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "請假小幫手", rolePrompt: "", knowledge: { all: false, documentIds: ["doc1"], collectionIds: [] } });
    expect(await screen.findByText("已建立助理「請假小幫手」")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("assistant-editor")).toBeNull());
  });

  it("past the cap, the server's translated reason is shown and the dialog stays open", async () => {
    fakeApi({
      "GET /api/documents": () => ({ body: [] }),
      "GET /api/collections": () => ({ body: collectionList() }),
      "POST /api/assistants": () => ({ status: 409, body: { error: { code: "conflict", message: "An account can have at most 100 assistants. Delete one you no longer use first" } } }),
    });
    const { user, onChoose } = menu({}, "en");
    await user.click(await screen.findByTestId("new-assistant"));
    const dialog = await screen.findByTestId("assistant-editor");
    await user.type(within(dialog).getByLabelText("Assistant name"), "One too many");
    await user.click(within(dialog).getByTestId("knowledge-all"));
    await user.click(within(dialog).getByTestId("assistant-settings-save"));
    expect(await screen.findByText("Could not create the assistant")).toBeTruthy();
    expect(screen.getByText("An account can have at most 100 assistants. Delete one you no longer use first")).toBeTruthy();
    expect(screen.getByTestId("assistant-editor")).toBeTruthy();
    expect(onChoose).not.toHaveBeenCalled();
  });
});
