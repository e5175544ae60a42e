import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { FileLibrary } from "@/components/files/file-library";
import { fakeApi } from "../support/fake-api";
import { numberedDocuments } from "../support/library-data";
import { renderInLocale } from "../support/render";

// A scan being read says which page; a processed one lists the pages OCR left out; pictures are
// among the accepted kinds, in both languages.

const documents = numberedDocuments(3, (i) =>
  i === 1
    ? { originalName: "掃描.pdf", status: "processing", reading: { page: 3, pages: 20 } }
    : i === 2
      ? { originalName: "photo.jpg", kind: "jpg", status: "processed", pageCount: 9, unreadablePages: [4, 7] }
      : { originalName: "plain.pdf", status: "processed", unreadablePages: [] },
);

function library(locale: "zh-TW" | "en") {
  fakeApi({
    "GET /api/documents": () => ({ body: documents }),
    "GET /api/documents/usage": () => ({ body: { month: "2026-12", uploads: 3, monthlyLimit: null, maxFileBytes: 31_457_280 } }),
    "GET /api/assistants": () => ({ body: { assistants: [] } }),
    "GET /api/collections": () => ({ body: { collections: [] } }),
  });
  return renderInLocale(<FileLibrary />, { locale });
}

describe("FileLibrary and OCR", () => {
  it("shows the page being read and the pages left out, in Chinese", async () => {
    library("zh-TW");
    await waitFor(() => expect(screen.getByTestId("document-row-掃描.pdf")).toBeTruthy());
    expect(within(screen.getByTestId("document-row-掃描.pdf")).getByTestId("document-reading").textContent).toBe("辨識文字 3/20 頁");
    expect(within(screen.getByTestId("document-row-photo.jpg")).getByTestId("document-unreadable-pages").textContent).toBe("無法辨識文字而略過的頁面：第 4、7 頁");
    expect(within(screen.getByTestId("document-row-plain.pdf")).queryByTestId("document-unreadable-pages")).toBeNull();
    expect(screen.getByTestId("upload-zone").textContent).toContain("JPG、PNG、WebP");
    expect(screen.getByTestId("upload-input").getAttribute("accept")).toContain("image/webp");
  });

  it("and in English", async () => {
    library("en");
    await waitFor(() => expect(screen.getByTestId("document-row-掃描.pdf")).toBeTruthy());
    expect(within(screen.getByTestId("document-row-掃描.pdf")).getByTestId("document-reading").textContent).toBe("Reading text 3/20 pages");
    expect(within(screen.getByTestId("document-row-photo.jpg")).getByTestId("document-unreadable-pages").textContent).toBe("Left out for want of legible text: page 4, 7");
    expect(screen.getByTestId("upload-zone").textContent).toContain("JPG, PNG, WebP");
  });
});
