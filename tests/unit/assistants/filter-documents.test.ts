import { describe, expect, it } from "vitest";
import { NO_COLLECTION, NO_FILTERS, filterDocuments, inBatches, isFiltered, matchesName, pageOf } from "@/lib/file-library/filter-documents";

const doc = (originalName: string, status: string, collectionIds: string[] = [], usedByAssistantIds: string[] = []) => ({ originalName, status, collectionIds, usedByAssistantIds });
const library = [
  doc("員工手冊.pdf", "processed", ["hr"], ["all", "handbook"]),
  doc("產品 FAQ.docx", "processed", [], ["all", "faq"]),
  doc("Quarterly Report.txt", "processing", ["sales"], ["all"]),
  doc("請假規定.md", "error", ["hr"], ["all", "handbook"]),
  // Just uploaded: no memberships read yet.
  { originalName: "new.txt", status: "processing" },
];
const names = (docs: { originalName: string }[]) => docs.map((d) => d.originalName);

describe("matchesName", () => {
  it("ignores case, full-width forms and surrounding spaces; an empty query matches everything", () => {
    expect(matchesName("Quarterly Report.txt", "  report ")).toBe(true);
    expect(matchesName("產品 FAQ.docx", "ｆａｑ")).toBe(true);
    expect(matchesName("員工手冊.pdf", "手冊")).toBe(true);
    expect(matchesName("員工手冊.pdf", "規定")).toBe(false);
    expect(matchesName("anything", "")).toBe(true);
  });
});

describe("filterDocuments", () => {
  it("keeps everything without filters", () => {
    expect(filterDocuments(library, NO_FILTERS)).toHaveLength(library.length);
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });

  it("by the assistant that answers from a document, its collection (or none), its status and its name, all at once", () => {
    expect(names(filterDocuments(library, { ...NO_FILTERS, assistantId: "handbook" }))).toEqual(["員工手冊.pdf", "請假規定.md"]);
    expect(names(filterDocuments(library, { ...NO_FILTERS, collectionId: "hr" }))).toEqual(["員工手冊.pdf", "請假規定.md"]);
    expect(names(filterDocuments(library, { ...NO_FILTERS, collectionId: NO_COLLECTION }))).toEqual(["產品 FAQ.docx", "new.txt"]);
    expect(names(filterDocuments(library, { ...NO_FILTERS, status: "processing" }))).toEqual(["Quarterly Report.txt", "new.txt"]);
    const narrowed = { query: "規定", assistantId: "handbook", collectionId: "hr", status: "error" as const };
    expect(names(filterDocuments(library, narrowed))).toEqual(["請假規定.md"]);
    expect(isFiltered(narrowed)).toBe(true);
  });
});

describe("pageOf", () => {
  const items = Array.from({ length: 1_000 }, (_, i) => i);

  it("cuts a thousand items into pages of 50 and keeps the page asked for within them", () => {
    expect(pageOf(items, 0, 50)).toMatchObject({ page: 0, pages: 20 });
    expect(pageOf(items, 0, 50).items).toEqual(items.slice(0, 50));
    expect(pageOf(items, 19, 50).items).toEqual(items.slice(950));
    expect(pageOf(items, 25, 50)).toMatchObject({ page: 19, pages: 20 });
    expect(pageOf(items, -1, 50).page).toBe(0);
  });

  it("an empty list is one empty page", () => {
    expect(pageOf([], 3, 50)).toEqual({ items: [], page: 0, pages: 1 });
  });
});

describe("inBatches", () => {
  it("splits ids into batches the API takes", () => {
    const ids = Array.from({ length: 2_001 }, (_, i) => `d${i}`);
    const batches = inBatches(ids, 1_000);
    expect(batches.map((b) => b.length)).toEqual([1_000, 1_000, 1]);
    expect(batches.flat()).toEqual(ids);
    expect(inBatches([], 1_000)).toEqual([]);
  });
});
