import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeLongPdf } from "@/bench/lib/make-pdf";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { chunkDocument } from "@/lib/server/ingest/chunker";
import { CID_FONT_TEXT, EN_PAGES, EN_SPEC_PAGES, FIXTURE_DIR, makeCidFontPdf, ZH_HANDBOOK_PAGES, ZH_PAGES } from "@/scripts/make-fixtures";

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

  it("keeps a heading set at the body's size apart from the paragraph under it, and table rows apart", async () => {
    const parsed = await parseDocument(fixture("zh-handbook.pdf"), "pdf");
    // Each heading, paragraph and table row of the source is a paragraph of its own.
    parsed.pages.forEach((page, i) => {
      expect(page.text).toBe(ZH_HANDBOOK_PAGES[i].flatMap((block) => block.split("\n")).join("\n\n"));
    });
    expect(parsed.pages[0].text).toContain("第二章 上班時間\n\n上班時間為每日上午九時");
    expect(parsed.pages.map((p) => p.text).join("")).not.toMatch(/上班時間上班時間|總則本手冊|請假天數假別/);
  });

  it("keeps numbered English section headings and a repeated running title on lines of their own", async () => {
    const parsed = await parseDocument(fixture("en-spec.pdf"), "pdf");
    parsed.pages.forEach((page, i) => {
      expect(page.text).toBe(EN_SPEC_PAGES[i].flatMap((block) => block.split("\n")).join("\n\n"));
    });
    expect(parsed.pages[0].text).toContain("1.1. Version\n\nThis is version 0.4");
  });

  it("chunks a heading and its paragraph as separate lines, with the pages each part is on", async () => {
    const parsed = await parseDocument(fixture("zh-handbook.pdf"), "pdf");
    const [chunk, ...rest] = chunkDocument({ pages: parsed.pages });
    expect(rest).toEqual([]);
    expect(chunk).toMatchObject({ pageStart: 1, pageEnd: 3 });
    expect(chunk.content).toMatch(/第二章 上班時間\n+上班時間為/);
    const pageOf = (text: string) => 1 + chunk.pageBreaks.filter((at) => at <= chunk.content.indexOf(text)).length;
    expect([pageOf("上班時間為"), pageOf("病假 三十日"), pageOf("健康檢查")]).toEqual([1, 2, 3]);
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
