import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import mammoth from "mammoth";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { DOCX_LIMITS, streamDocumentText } from "@/lib/server/ingest/worker/parse-docx.mjs";
import {
  documentXml,
  EN_DOCX_PARAGRAPHS,
  FIXTURE_DIR,
  makeDocx,
  makeDocxBomb,
  makeManyEntriesDocx,
  makeManyParagraphsDocx,
  paragraphXml,
  ZH_DOCX_PARAGRAPHS,
} from "@/scripts/make-fixtures";

const fixture = (name: string) => readFileSync(path.join(FIXTURE_DIR, name));
const MB = 1024 * 1024;

/** Runs `work` and reports how much the process's memory grew meanwhile. */
async function memoryGrowth(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage();
  await work();
  const after = process.memoryUsage();
  return Math.max(after.rss - before.rss, after.arrayBuffers - before.arrayBuffers, after.heapUsed - before.heapUsed);
}

describe("parse DOCX", () => {
  it("gives Chinese and English text as one page without a number", async () => {
    expect(await parseDocument(fixture("zh.docx"), "docx")).toEqual({
      pages: [{ page: null, text: ZH_DOCX_PARAGRAPHS.join("\n\n") }],
      pageCount: null,
    });
    expect((await parseDocument(fixture("en.docx"), "docx")).pages[0].text).toBe(EN_DOCX_PARAGRAPHS.join("\n\n"));
  });

  it("never reads or inlines what external relationships point at", async () => {
    const passwd = readFileSync("/etc/passwd", "utf8");
    const firstLine = passwd.split("\n")[0];
    expect(firstLine.length).toBeGreaterThan(0);
    const text = (await parseDocument(fixture("external-relationships.docx"), "docx")).pages[0].text;
    expect(text).toContain("Before the links.");
    expect(text).toContain("After the links.");
    expect(text).not.toContain(firstLine);
    expect(text).not.toContain("root:");
  });

  it("rejects a bomb that declares its size, before inflating anything", async () => {
    const bomb = makeDocxBomb({ inflatedBytes: 300 * MB });
    expect(bomb.length).toBeLessThan(1 * MB);
    const growth = await memoryGrowth(() => expect(parseDocument(bomb, "docx")).rejects.toMatchObject({ code: "inflated_too_large" }));
    expect(growth).toBeLessThan(32 * MB);
  });

  it("stops inflating an entry that lies about its size, with memory bounded", async () => {
    const bomb = makeDocxBomb({ inflatedBytes: 300 * MB, declaredBytes: 10_000 });
    const growth = await memoryGrowth(() => expect(parseDocument(bomb, "docx")).rejects.toMatchObject({ code: "inflated_too_large" }));
    expect(growth).toBeLessThan(32 * MB);
  });

  it("rejects an entry compressed far beyond what real documents reach", async () => {
    const bomb = makeDocxBomb({ inflatedBytes: 20 * MB });
    await expect(parseDocument(bomb, "docx")).rejects.toMatchObject({ code: "inflated_too_large", message: /expands/ });
  });

  it("rejects more than 2,000 entries and accepts 2,000", async () => {
    await expect(parseDocument(makeManyEntriesDocx(5000), "docx")).rejects.toMatchObject({ code: "too_many_entries" });
    await expect(parseDocument(makeManyEntriesDocx(2001), "docx")).rejects.toMatchObject({ code: "too_many_entries" });
    expect((await parseDocument(makeManyEntriesDocx(2000), "docx")).pages[0].text).toBe("Many entries.");
    // Three archives of thousands of entries are built and read: about a second on an idle machine,
    // past the default 5 s when every core is busy with other work.
  }, 30_000);

  it("refuses a part with a DTD (entity expansion)", async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      documentXml(paragraphXml("&lol2;")).replace(/^<\?xml[^>]*>/, "");
    await expect(parseDocument(makeDocx({ document: laughs }), "docx")).rejects.toMatchObject({ code: "malformed" });
  });

  it("reports a document without text as no_text and a broken one as malformed", async () => {
    await expect(parseDocument(makeDocx({ document: documentXml("") }), "docx")).rejects.toMatchObject({ code: "no_text" });
    await expect(parseDocument(makeDocx({ document: "<w:document><w:body>" }), "docx")).rejects.toMatchObject({ code: "malformed" });
  });

  it("writes a table as Markdown rows under its first row, one column as paragraphs, in both readings", async () => {
    const cell = (...paragraphs: string[]) => `<w:tc><w:tcPr><w:tcW w:w="2000"/></w:tcPr>${paragraphs.map(paragraphXml).join("")}</w:tc>`;
    const row = (...cells: string[]) => `<w:tr>${cells.join("")}</w:tr>`;
    const body =
      paragraphXml("票價表") +
      `<w:tbl><w:tblPr/><w:tblGrid/>${row(cell("車廂"), cell("臺北至左營"), cell("備註"))}${row(cell("標準車廂"), cell("1490 元"), cell("含稅", "a|b"))}${row(cell(""), cell(""), cell(""))}${row(cell("商務車廂"), cell("2440 元"))}</w:tbl>` +
      `<w:tbl>${row(cell("提醒", "請提早到站。"))}</w:tbl>` +
      paragraphXml("兒童票為全票半價。");
    const docx = makeDocx({ document: documentXml(body) });
    const text = (await parseDocument(docx, "docx")).pages[0].text;
    expect(text).toBe(
      "票價表\n\n| 車廂 | 臺北至左營 | 備註 |\n| --- | --- | --- |\n| 標準車廂 | 1490 元 | 含稅 a\\|b |\n| 商務車廂 | 2440 元 |  |\n\n提醒\n\n請提早到站。\n\n兒童票為全票半價。",
    );
    expect(streamDocumentText(unzipSync(docx)["word/document.xml"]).replace(/\n{3,}/g, "\n\n").trim()).toBe(text);
  });

  it("reads a large word/document.xml in one pass with the same text mammoth gives", async () => {
    // Tabs, hyphens, entities, a table, deletions, the alternative mammoth does not read, tab
    // stops in paragraph properties, an empty paragraph, and text in many runs.
    const body =
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>A</w:t></w:r><w:r><w:tab/><w:t xml:space="preserve">b &amp; c &lt;d&gt; &#x4E2D;&#25991;</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>non</w:t><w:noBreakHyphen/><w:t>breaking, soft</w:t><w:softHyphen/><w:t>hyphen</w:t></w:r><w:del w:id="1"><w:r><w:delText>gone</w:delText></w:r></w:del><w:ins w:id="2"><w:r><w:t> kept</w:t></w:r></w:ins></w:p>' +
      '<w:p/>' +
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell 1</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>cell 2</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' +
      '<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="wps"><w:t>choice</w:t></mc:Choice><mc:Fallback><w:t>fallback</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>' +
      ["第一條 契約", "第二條 終止"].map(paragraphXml).join("");
    const docx = makeDocx({ document: documentXml(body) });
    const xml = unzipSync(docx)["word/document.xml"];
    // The same as mammoth's raw text, but for the table, which is written as rows (docx-tables.mjs).
    const expected = (await mammoth.extractRawText({ buffer: Buffer.from(docx) })).value.replace("cell 1\n\ncell 2\n\n", "| cell 1 | cell 2 |\n| --- | --- |\n\n");
    expect(streamDocumentText(xml)).toBe(expected);
    expect((await parseDocument(docx, "docx")).pages[0].text).toBe(expected.replace(/\n{3,}/g, "\n\n").trim());
    // Cut into slices anywhere, the text is the same: a long document's runs cross the slices.
    const long = makeManyParagraphsDocx(DOCX_LIMITS.streamAbove + 512 * 1024);
    const longXml = unzipSync(long)["word/document.xml"];
    const viaMammoth = (await mammoth.extractRawText({ buffer: Buffer.from(long) })).value;
    expect(streamDocumentText(longXml)).toBe(viaMammoth);
    expect((await parseDocument(long, "docx")).pages[0].text).toBe(viaMammoth.replace(/\n{3,}/g, "\n\n").trim());
  }, 60_000);

  it("reads a legal document of 62 MB of XML within a parse process's memory, and refuses it for its amount of text", async () => {
    const legal = makeManyParagraphsDocx(62 * MB);
    expect(legal.length).toBeLessThan(10 * MB);
    const growth = await memoryGrowth(() => expect(parseDocument(legal, "docx")).rejects.toMatchObject({ code: "too_much_text" }));
    // mammoth would build a tree of gigabytes; this holds the inflated XML and some text, well
    // inside a parse process's 512 MB allowance. Read from this test process's RSS, which moves
    // with when the collector runs (150–170 MB seen), so the bound is the allowance's half; the
    // parse time is bench:ingestion's to measure, not this test's.
    expect(growth).toBeLessThan(256 * MB);
  }, 60_000);

  it("refuses content that is not a Word document", async () => {
    await expect(parseDocument(fixture("en-2-pages.pdf"), "docx")).rejects.toMatchObject({ code: "unsupported_type" });
  });
});
