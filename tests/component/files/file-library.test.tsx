import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { FileLibrary } from "@/components/files/file-library";
import type { UploadUsage } from "@/lib/server/present/api-types";
import { fakeApi } from "../support/fake-api";
import { assistant, assistantList, collection, collectionList, numberedDocuments } from "../support/library-data";
import { renderInLocale } from "../support/render";

// The file library at scale: 120 documents, 50 a page; search, filters, what uses each document,
// and acting on a selection.

const documents = numberedDocuments(120, (i) => ({
  status: i === 7 ? "error" : i === 8 ? "processed" : "processed",
  collectionIds: i <= 10 ? ["hr"] : [],
  assistantIds: i % 20 === 0 ? ["h"] : [],
  usedByAssistantIds: ["d", ...(i <= 10 || i % 20 === 0 ? ["h"] : [])],
}));
const assistants = [
  assistant("d", "文件助理", { isDefault: true, knowledge: { all: true, documentIds: [], collectionIds: [] } }),
  assistant("h", "員工手冊助理", { knowledge: { all: false, documentIds: ["d20", "d40", "d60", "d80", "d100", "d120"], collectionIds: ["hr"] } }),
  assistant("f", "產品 FAQ"),
];
const collections = [collection("hr", "人事規章", documents.slice(0, 10).map((d) => d.id)), collection("sales", "銷售資料")];

function library(locale: "zh-TW" | "en" = "zh-TW") {
  const calls = fakeApi({
    "GET /api/documents": () => ({ body: documents }),
    "GET /api/documents/usage": () => ({ body: { month: "2026-12", uploads: 120, monthlyLimit: null, maxFileBytes: 31_457_280 } satisfies UploadUsage }),
    "GET /api/assistants": () => ({ body: assistantList(assistants) }),
    "GET /api/collections": () => ({ body: collectionList(collections) }),
    "POST /api/assistants/f/documents": () => ({ body: assistants[2] }),
    "POST /api/collections/hr/documents": () => ({ body: collections[0] }),
  });
  return { calls, ...renderInLocale(<FileLibrary />, { locale }) };
}

const rows = () => within(screen.getByTestId("document-list")).getAllByRole("listitem").filter((li) => li.dataset.testid?.startsWith("document-row-"));
const rowNames = () => rows().map((r) => r.dataset.testid!.replace("document-row-", ""));

// Fifty rows drawn again on each key and click take a while in jsdom on a shared machine.
describe("FileLibrary", { timeout: 30_000 }, () => {
  it("shows 50 documents a page, with previous and next", async () => {
    const { user } = library();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rowNames()[0]).toBe("文件 001.txt");
    expect(screen.getByTestId("library-count").textContent).toBe("共 120 份文件");
    const pages = screen.getByTestId("library-pagination");
    expect(within(pages).getByText("第 1 / 3 頁")).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: /下一頁/ }));
    await user.click(within(pages).getByRole("button", { name: /下一頁/ }));
    expect(within(pages).getByText("第 3 / 3 頁")).toBeTruthy();
    expect(rowNames()).toEqual(documents.slice(100).map((d) => d.originalName));
    expect((within(pages).getByRole("button", { name: /下一頁/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("each row shows its collections and the assistants answering from chosen documents; those using every document are said once", async () => {
    library();
    await waitFor(() => expect(rows()).toHaveLength(50));
    const first = within(screen.getByTestId("document-row-文件 001.txt"));
    expect(first.getAllByTestId("document-collection").map((c) => c.textContent)).toEqual(["文件集：人事規章"]);
    expect(first.getAllByTestId("document-assistant").map((c) => c.textContent)).toEqual(["助理：員工手冊助理"]);
    expect(within(screen.getByTestId("document-row-文件 011.txt")).queryByTestId("document-uses")).toBeNull();
    expect(screen.getByTestId("all-documents-note").textContent).toBe("「文件助理」使用所有文件，新上傳的文件也會自動加入。");
  });

  it("search by name and the filters narrow the list, back to its first page; clearing them shows everything", async () => {
    const { user } = library();
    await waitFor(() => expect(rows()).toHaveLength(50));
    await user.click(within(screen.getByTestId("library-pagination")).getByRole("button", { name: /下一頁/ }));
    await user.type(screen.getByTestId("library-search"), "文件 11");
    await waitFor(() => expect(rowNames()).toEqual(Array.from({ length: 10 }, (_, i) => `文件 ${110 + i}.txt`)));
    expect(screen.getByTestId("library-count").textContent).toBe("符合 10 份，共 120 份文件");
    expect(screen.queryByTestId("library-pagination")).toBeNull();
    await user.click(screen.getByTestId("clear-filters"));
    await waitFor(() => expect(rows()).toHaveLength(50));

    await user.selectOptions(screen.getByTestId("filter-assistant"), "h");
    expect(rowNames()).toEqual(["文件 001.txt", "文件 002.txt", "文件 003.txt", "文件 004.txt", "文件 005.txt", "文件 006.txt", "文件 007.txt", "文件 008.txt", "文件 009.txt", "文件 010.txt", "文件 020.txt", "文件 040.txt", "文件 060.txt", "文件 080.txt", "文件 100.txt", "文件 120.txt"]);
    await user.selectOptions(screen.getByTestId("filter-status"), "error");
    expect(rowNames()).toEqual(["文件 007.txt"]);
    await user.selectOptions(screen.getByTestId("filter-status"), "all");
    await user.selectOptions(screen.getByTestId("filter-assistant"), "");
    await user.selectOptions(screen.getByTestId("filter-collection"), "hr");
    expect(rows()).toHaveLength(10);
    await user.selectOptions(screen.getByTestId("filter-collection"), "__none__");
    expect(screen.getByTestId("library-count").textContent).toBe("符合 110 份，共 120 份文件");
    await user.type(screen.getByTestId("library-search"), "nothing like this");
    expect(screen.getByTestId("documents-no-match").textContent).toContain("沒有符合條件的文件");
  });

  it("a selection: the page, then every matching document; added to an assistant in one request; removing offers only what holds them", async () => {
    const { user, calls } = library();
    await waitFor(() => expect(rows()).toHaveLength(50));
    await user.click(screen.getByTestId("select-all"));
    const bar = screen.getByTestId("bulk-bar");
    expect(bar.textContent).toContain("已選取 50 個");
    await user.click(within(bar).getByTestId("select-matching"));
    expect(bar.textContent).toContain("已選取 120 個");
    expect(within(bar).queryByTestId("select-matching")).toBeNull();

    await user.click(within(bar).getByTestId("bulk-add"));
    const add = await screen.findByTestId("bulk-add-menu");
    // The default one answers from all documents already: only the others are offered.
    expect(within(add).getAllByTestId("bulk-add-assistant").map((i) => i.textContent)).toEqual(["員工手冊助理", "產品 FAQ"]);
    await user.click(within(add).getByText("產品 FAQ"));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", path: "/api/assistants/f/documents", query: "", body: { add: documents.map((d) => d.id) } });
    expect(await screen.findByText("已將 120 份文件加入「產品 FAQ」")).toBeTruthy();

    await user.click(within(bar).getByTestId("bulk-remove"));
    const remove = await screen.findByTestId("bulk-remove-menu");
    expect(within(remove).getAllByTestId("bulk-remove-assistant").map((i) => i.textContent)).toEqual(["員工手冊助理6"]);
    expect(within(remove).getAllByTestId("bulk-remove-collection").map((i) => i.textContent)).toEqual(["人事規章10"]);
    await user.click(within(remove).getByText("人事規章"));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "POST")[1]).toEqual({ method: "POST", path: "/api/collections/hr/documents", query: "", body: { remove: documents.slice(0, 10).map((d) => d.id) } });

    // A new filter ends the selection: nothing out of view is acted on.
    await user.selectOptions(screen.getByTestId("filter-status"), "processed");
    expect(screen.queryByTestId("bulk-bar")).toBeNull();
  });

  it("in English, on the first page of a filtered list", async () => {
    const { user } = library("en");
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByTestId("library-count").textContent).toBe("120 documents");
    await user.selectOptions(screen.getByTestId("filter-collection"), "hr");
    expect(screen.getByTestId("library-count").textContent).toBe("10 of 120 documents");
    await user.click(screen.getByTestId("select-all"));
    expect(screen.getByTestId("bulk-bar").textContent).toContain("10 selected");
  });
});
