import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { AssistantForm } from "@/components/assistants/assistant-form";
import { KnowledgePicker } from "@/components/assistants/knowledge-picker";
import type { Knowledge, PublicAssistant } from "@/lib/server/present/api-types";
import { fakeApi } from "../support/fake-api";
import { assistant, collection, collectionList, libraryDocument, numberedDocuments } from "../support/library-data";
import { renderInLocale } from "../support/render";

// What an assistant answers from: all documents, or the documents and collections chosen here.

const library = [libraryDocument("handbook", "員工手冊.pdf"), libraryDocument("leave", "請假規定.md", { status: "processing" }), ...numberedDocuments(248)];
const collections = [collection("hr", "人事規章", ["handbook", "leave"]), collection("sales", "銷售資料", ["d1", "d2", "d3"])];

function serve() {
  return fakeApi({
    "GET /api/documents": () => ({ body: library }),
    "GET /api/collections": () => ({ body: collectionList(collections) }),
  });
}

/** The picker as a form holds it: its value is what the last change made it. */
function Picker({ initial, onValue }: { initial: Knowledge; onValue: (value: Knowledge) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <KnowledgePicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function picker(initial: Knowledge = { all: false, documentIds: [], collectionIds: [] }) {
  serve();
  const onValue = vi.fn<(value: Knowledge) => void>();
  return { ...renderInLocale(<Picker initial={initial} onValue={onValue} />), onValue, last: () => onValue.mock.lastCall?.[0] };
}

const documentRows = () => screen.queryAllByTestId("knowledge-document");

describe("KnowledgePicker", () => {
  it("all documents shows no list; switching to chosen ones shows the documents and collections with their counts, and back", async () => {
    const { user, last } = picker({ all: true, documentIds: [], collectionIds: [] });
    expect((screen.getByTestId("knowledge-all") as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId("knowledge-search")).toBeNull();
    await user.click(screen.getByTestId("knowledge-chosen"));
    expect(last()).toEqual({ all: false, documentIds: [], collectionIds: [] });
    await screen.findByTestId("knowledge-search");
    expect(screen.getAllByTestId("knowledge-collection").map((c) => c.textContent)).toEqual(["人事規章2 份文件", "銷售資料3 份文件"]);
    expect(screen.getByText("文件（250 份）")).toBeTruthy();
    expect(screen.getByTestId("knowledge-count").textContent).toBe("已選擇 0 份文件、0 個文件集");
    await user.click(screen.getByTestId("knowledge-all"));
    expect(last()?.all).toBe(true);
    expect(screen.queryByTestId("knowledge-search")).toBeNull();
  });

  it("draws a hundred documents at a time, more on asking", async () => {
    const { user } = picker();
    await screen.findByTestId("knowledge-search");
    expect(documentRows()).toHaveLength(100);
    await user.click(screen.getByTestId("knowledge-more"));
    expect(documentRows()).toHaveLength(200);
    expect(screen.getByTestId("knowledge-more").textContent).toBe("顯示更多（還有 50 份）");
    await user.click(screen.getByTestId("knowledge-more"));
    expect(documentRows()).toHaveLength(250);
    expect(screen.queryByTestId("knowledge-more")).toBeNull();
  });

  it("search narrows documents and collections by name; ticked documents are chosen, and all those found at once", async () => {
    const { user, last } = picker();
    const search = await screen.findByTestId("knowledge-search");
    await user.type(search, "規");
    await waitFor(() => expect(documentRows().map((r) => r.textContent)).toEqual(["請假規定.md處理中"]));
    expect(screen.getAllByTestId("knowledge-collection").map((c) => c.textContent)).toEqual(["人事規章2 份文件"]);
    // Enter in the search box searches; it does not save the form around the picker.
    await user.keyboard("{Enter}");

    await user.clear(search);
    await user.type(search, "文件 01");
    await waitFor(() => expect(documentRows()).toHaveLength(10));
    await user.click(screen.getByRole("checkbox", { name: "文件 012.txt" }));
    expect(last()).toEqual({ all: false, documentIds: ["d12"], collectionIds: [] });
    await user.click(screen.getByTestId("knowledge-select-matching"));
    expect(last()?.documentIds).toHaveLength(10);
    expect(new Set(last()?.documentIds)).toEqual(new Set(Array.from({ length: 10 }, (_, i) => `d${10 + i}`)));
    expect(screen.getByTestId("knowledge-count").textContent).toBe("已選擇 10 份文件、0 個文件集");
  });

  it("a collection is chosen with Space from the keyboard; its documents say they come with it; only the chosen can be shown", async () => {
    const { user, last } = picker({ all: false, documentIds: ["d7"], collectionIds: [] });
    await screen.findByTestId("knowledge-search");
    const hr = screen.getByRole("checkbox", { name: /人事規章/ });
    hr.focus();
    await user.keyboard(" ");
    expect(last()).toEqual({ all: false, documentIds: ["d7"], collectionIds: ["hr"] });
    const handbook = screen.getAllByTestId("knowledge-document").find((r) => r.textContent?.startsWith("員工手冊.pdf"))!;
    expect(handbook.textContent).toContain("已包含在所選的文件集中");
    await user.click(screen.getByTestId("knowledge-only-chosen"));
    expect(documentRows().map((r) => r.textContent)).toEqual(["文件 007.txt"]);
    expect(screen.getAllByTestId("knowledge-collection").map((c) => c.getAttribute("data-checked"))).toEqual(["true"]);
    await user.click(screen.getByTestId("knowledge-clear"));
    expect(last()).toEqual({ all: false, documentIds: [], collectionIds: [] });
  });

  it("what the assistant has when the picker opens comes first; ticking moves nothing", async () => {
    const { user } = picker({ all: false, documentIds: ["d200"], collectionIds: ["sales"] });
    await screen.findByTestId("knowledge-search");
    expect(documentRows()[0].textContent).toBe("文件 200.txt");
    expect(screen.getAllByTestId("knowledge-collection").map((c) => c.textContent)).toEqual(["銷售資料3 份文件", "人事規章2 份文件"]);
    await user.click(screen.getByRole("checkbox", { name: "文件 200.txt" }));
    await user.click(screen.getByRole("checkbox", { name: "員工手冊.pdf" }));
    expect(documentRows().slice(0, 2).map((r) => r.textContent)).toEqual(["文件 200.txt", "員工手冊.pdf"]);
  });

  it("with an empty library, says where documents come from", async () => {
    fakeApi({ "GET /api/documents": () => ({ body: [] }), "GET /api/collections": () => ({ body: collectionList() }) });
    renderInLocale(<Picker initial={{ all: false, documentIds: [], collectionIds: [] }} onValue={() => {}} />, { locale: "en" });
    const empty = await screen.findByTestId("knowledge-no-documents");
    expect(empty.textContent).toBe("Your library has no documents yet. Upload some in the file library, then come back to choose.");
    expect(within(empty).getByRole("link").getAttribute("href")).toBe("/?tab=files");
  });
});

describe("AssistantForm (editing)", () => {
  it("sends only what changed: a role prompt left alone keeps following the reader's language", async () => {
    const saved = assistant("h", "員工手冊助理", { knowledge: { all: false, documentIds: ["handbook"], collectionIds: [] } });
    const calls = fakeApi({
      "GET /api/documents": () => ({ body: library }),
      "GET /api/collections": () => ({ body: collectionList(collections) }),
      "PATCH /api/assistants/h": ({ body }) => ({ body: { ...saved, ...(body as Partial<PublicAssistant>) } satisfies PublicAssistant }),
    });
    const onDone = vi.fn();
    const { user } = renderInLocale(<AssistantForm assistant={saved} onDone={onDone} />);
    await screen.findByTestId("knowledge-search");
    await user.click(screen.getByRole("checkbox", { name: /人事規章/ }));
    await user.click(screen.getByTestId("assistant-settings-save"));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([{ method: "PATCH", path: "/api/assistants/h", query: "", body: { knowledge: { all: false, documentIds: ["handbook"], collectionIds: ["hr"] } } }]);
    expect(await screen.findByText("助理設定已儲存")).toBeTruthy();
  });

  it("an empty name is caught before anything is sent", async () => {
    const calls = fakeApi({ "GET /api/documents": () => ({ body: library }), "GET /api/collections": () => ({ body: collectionList(collections) }) });
    const { user } = renderInLocale(<AssistantForm assistant={assistant("h", "員工手冊助理")} onDone={() => {}} />);
    await user.clear(screen.getByLabelText("助理名稱"));
    await user.click(screen.getByTestId("assistant-settings-save"));
    expect((await screen.findByTestId("assistant-name-input-error")).textContent).toBe("請輸入助理名稱");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });
});
