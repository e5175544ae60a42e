// What a document's "page" is, so a citation names what its reader opens: a workbook's sheet (its
// position among the visible tabs, lib/server/ingest/worker/parse-xlsx.mjs), a deck's slide, or a
// page. Shared by the server that cites and the chat screen that shows the citation.

export type PageUnit = "page" | "sheet" | "slide";

export function pageUnitOf(documentKind: string | undefined): PageUnit {
  return documentKind === "xlsx" ? "sheet" : documentKind === "pptx" ? "slide" : "page";
}
