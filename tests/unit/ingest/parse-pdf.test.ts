import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeLongPdf } from "@/bench/lib/make-pdf";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { CID_FONT_TEXT, EN_PAGES, FIXTURE_DIR, makeCidFontPdf, ZH_PAGES } from "@/scripts/make-fixtures";

const fixture = (name: string) => readFileSync(path.join(FIXTURE_DIR, name));

describe("parse PDF", () => {
  it("gives Chinese text per page with 1-based page numbers", async () => {
    const parsed = await parseDocument(fixture("zh-3-pages.pdf"), "pdf");
    expect(parsed.pageCount).toBe(3);
    expect(parsed.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(parsed.pages[0].text).toMatch(/^第一頁/);
    expect(parsed.pages[1].text).toMatch(/^第二頁/);
    expect(parsed.pages[2].text).toMatch(/^第三頁/);
  });

  it("joins Chinese lines broken mid-word without spaces and keeps paragraphs", async () => {
    const parsed = await parseDocument(fixture("zh-3-pages.pdf"), "pdf");
    parsed.pages.forEach((page, i) => {
      expect(page.text).toBe(ZH_PAGES[i].map((paragraph) => paragraph.replace("\n", "")).join("\n\n"));
    });
    const all = parsed.pages.map((p) => p.text).join("\n\n");
    expect(all).toContain("臺灣的國際貿易");
    expect(all).not.toMatch(/[\p{Script=Han}，。、：] [\p{Script=Han}，。、：]/u);
    expect(all).not.toMatch(/[^\n]\n[^\n]/);
  });

  it("reads Chinese set in a font that is not embedded, through the predefined CJK CMaps", async () => {
    const parsed = await parseDocument(fixture("zh-cid-font.pdf"), "pdf");
    expect(parsed.pages[0].text).toBe(CID_FONT_TEXT.join(""));
  });

  it("loads only CMaps on pdf.js's own list: a CMap name that walks out of the directory gives no text and no crash", async () => {
    for (const name of ["..#2F..#2F..#2Fetc#2Fpasswd", "#2Fetc#2Fpasswd", "NoSuchCMap-H"]) {
      await expect(parseDocument(makeCidFontPdf(name), "pdf"), name).rejects.toMatchObject({ code: "no_text" });
    }
  });

  it("joins English lines with spaces and mends words hyphenated at a line end", async () => {
    const parsed = await parseDocument(fixture("en-2-pages.pdf"), "pdf");
    expect(parsed.pageCount).toBe(2);
    parsed.pages.forEach((page, i) => {
      expect(page.text).toBe(EN_PAGES[i].map((paragraph) => paragraph.replace("-\n", "")).join("\n\n"));
    });
    expect(parsed.pages[0].text).toContain("This is an example of a paragraph");
    expect(parsed.pages[1].text).toContain("Well-known risks");
  });

  it("reports a PDF with only drawings as no_text", async () => {
    await expect(parseDocument(fixture("no-text.pdf"), "pdf")).rejects.toMatchObject({ code: "no_text" });
  });

  it.each(["garbage.pdf", "truncated.pdf"])("reports %s as malformed", async (name) => {
    await expect(parseDocument(fixture(name), "pdf")).rejects.toMatchObject({ code: "malformed" });
  });

  it("reports a password-protected PDF as encrypted", async () => {
    await expect(parseDocument(fixture("encrypted.pdf"), "pdf")).rejects.toMatchObject({ code: "encrypted" });
  });

  it("refuses content that is not a PDF", async () => {
    await expect(parseDocument(fixture("invoice.pdf"), "pdf")).rejects.toMatchObject({ code: "unsupported_type" });
    await expect(parseDocument(fixture("zh.docx"), "pdf")).rejects.toMatchObject({ code: "unsupported_type" });
  });

  it("lays out long benchmark PDFs over exactly the pages asked for", async () => {
    const bytes = await makeLongPdf({ paragraphs: ZH_PAGES.flat(), pages: 4, language: "zh" });
    const parsed = await parseDocument(bytes, "pdf");
    expect(parsed.pageCount).toBe(4);
    expect(parsed.pages.every((p) => p.text.length > 500)).toBe(true);
    expect(parsed.pages[3].text).not.toMatch(/[\p{Script=Han}，。] [\p{Script=Han}，。]/u);
  });
});
