import { describe, expect, it } from "vitest";
import { composeAnswer, toOfflinePassages } from "@/lib/server/ai/offline/compose-answer";
import { chunkDocument, ChunkStream, fullText, type Chunk } from "@/lib/server/ingest/chunker";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { formatNumber, XLSX_LIMITS } from "@/lib/server/ingest/worker/parse-xlsx.mjs";
import { BLOCK_SIZE } from "@/lib/server/ingest/worker/sheet-rows.mjs";
import { textSize } from "@/lib/server/ingest/chunker";
import { LARGE_SHEET_HEADER, makeLargeXlsx, makeRawXlsx, makeXlsx, makeXlsxBomb, worksheetXml } from "@/scripts/office-files";

const MB = 1024 * 1024;

const FARES = makeXlsx([
  {
    name: "票價",
    rows: [
      ["車廂", "臺北至左營", "臺北至臺中", "生效日"],
      ["標準車廂", 1490, 700, { date: "2024-03-15" }],
      ["商務車廂", { formula: "B2+950", cached: 2440 }, { formula: "C2+400", cached: 1100 }, { date: "2024-03-15" }],
    ],
  },
  { name: "備用", hidden: true, rows: [["不該出現", "x"], ["a", "b"]] },
  { name: "Staff", rows: [["Name", "Extension"], ["Chen", 1234], ["Lin", { formula: "CONCAT(\"ext \",5678)", cached: "ext 5678" }]] },
]);

describe("parse XLSX", () => {
  it("reads each visible sheet as rows under its header, with the sheet's name first and its tab position as the page", async () => {
    const { pages, pageCount } = await parseDocument(FARES, "xlsx");
    expect(pageCount).toBe(2);
    expect(pages).toEqual([
      {
        page: 1,
        text: "票價\n| 車廂 | 臺北至左營 | 臺北至臺中 | 生效日 |\n| --- | --- | --- | --- |\n| 標準車廂 | 1490 | 700 | 2024-03-15 |\n| 商務車廂 | 2440 | 1100 | 2024-03-15 |",
      },
      { page: 2, text: "Staff\n| Name | Extension |\n| --- | --- |\n| Chen | 1234 |\n| Lin | ext 5678 |" },
    ]);
  });

  it("gives numbers as Excel shows them: dates under date formats, times, percentages, no binary noise", () => {
    const date = { kind: "date", decimals: 0 } as const;
    expect(formatNumber("45366", date, false)).toBe("2024-03-15");
    expect(formatNumber("45366.75", { kind: "datetime", decimals: 0 }, false)).toBe("2024-03-15 18:00");
    expect(formatNumber("0.5", { kind: "time", decimals: 0 }, false)).toBe("12:00");
    // The 1904 date system (Excel for Mac's old default) counts from 1904-01-01.
    expect(formatNumber("43904", date, true)).toBe("2024-03-15");
    // Before the 29 February 1900 that Excel counts but never was.
    expect(formatNumber("1", date, false)).toBe("1900-01-01");
    expect(formatNumber("0.125", { kind: "percent", decimals: 1 }, false)).toBe("12.5%");
    expect(formatNumber("0.30000000000000004", null, false)).toBe("0.3");
    expect(formatNumber("45366", null, false)).toBe("45366");
  });

  it("reads shared strings with rich text runs and without their phonetic guides, inline strings, booleans and errors", async () => {
    const sheet = worksheetXml(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>狀態</t></is></c><c r="C1" t="inlineStr"><is><t>錯誤</t></is></c></row>' +
        '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="b"><v>1</v></c><c r="C2" t="e"><v>#DIV/0!</v></c></row>',
    );
    const sharedStrings = '<sst><si><t>品名</t></si><si><r><t>高鐵</t></r><r><t xml:space="preserve"> &amp; 臺鐵</t></r><rPh sb="0" eb="2"><t>ㄍㄠ</t></rPh></si></sst>';
    const { pages } = await parseDocument(makeRawXlsx({ sheet, sharedStrings }), "xlsx");
    expect(pages[0].text).toBe("Sheet1\n| 品名 | 狀態 | 錯誤 |\n| --- | --- | --- |\n| 高鐵 & 臺鐵 | TRUE | #DIV/0! |");
  });

  it("reads SpreadsheetML written with a prefix of its own (x:row), as the OpenXML SDK writes it", async () => {
    const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const workbook = `<x:workbook ${ns}><x:sheets><x:sheet name="名單" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`;
    const sheet = `<x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>姓名</x:t></x:is></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>分機</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>陳</x:t></x:is></x:c><x:c r="B2"><x:v>1234</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    expect((await parseDocument(makeRawXlsx({ workbook, sheet }), "xlsx")).pages).toEqual([{ page: 1, text: "名單\n| 姓名 | 分機 |\n| --- | --- |\n| 陳 | 1234 |" }]);
  });

  it("keeps a title line above the header, and leaves out columns nothing fills", async () => {
    const xlsx = makeXlsx([{ name: "報表", rows: [["2024 年第一季營收"], [], [null, "地區", null, "營收"], [null, "北區", null, 120]] }]);
    expect((await parseDocument(xlsx, "xlsx")).pages[0].text).toBe("報表\n2024 年第一季營收\n| 地區 | 營收 |\n| --- | --- |\n| 北區 | 120 |");
  });

  it("reads a sheet that declares the whole grid without writing 16,384 columns, and refuses one beyond it", async () => {
    const wide = worksheetXml(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>項目</t></is></c><c r="XFD1" t="inlineStr"><is><t>備註</t></is></c></row><row r="1048576"><c r="A1048576" t="inlineStr"><is><t>最後</t></is></c><c r="XFD1048576"><v>1</v></c></row>',
      "A1:XFD1048576",
    );
    const { pages } = await parseDocument(makeRawXlsx({ sheet: wide }), "xlsx");
    expect(pages[0].text).toBe("Sheet1\n| 項目 | 備註 |\n| --- | --- |\n| 最後 | 1 |");
    for (const sheet of [worksheetXml("", "A1:XFE10"), worksheetXml("", "A1:B1048577"), worksheetXml('<row r="1"><c r="ZZZZ1"><v>1</v></c></row>')]) {
      await expect(parseDocument(makeRawXlsx({ sheet }), "xlsx")).rejects.toMatchObject({ code: "malformed" });
    }
  });

  it("refuses a workbook with no data as an empty sheet", async () => {
    await expect(parseDocument(makeXlsx([{ name: "Sheet1", rows: [] }, { name: "Sheet2", rows: [[null, ""]] }]), "xlsx")).rejects.toMatchObject({ code: "empty_sheet" });
  });

  it("refuses XML entity tricks: a DTD in the workbook, in the shared strings or deep in a sheet", async () => {
    const dtd = '<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    await expect(parseDocument(makeRawXlsx({ workbook: `${dtd}<workbook><sheets><sheet name="&b;" r:id="rId1"/></sheets></workbook>` }), "xlsx")).rejects.toMatchObject({ code: "malformed" });
    await expect(parseDocument(makeRawXlsx({ sharedStrings: `${dtd}<sst><si><t>&b;</t></si></sst>` }), "xlsx")).rejects.toMatchObject({ code: "malformed" });
    // Past the first piece the archive looks at, the reader itself refuses it.
    const padding = '<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(20_000);
    const late = worksheetXml(`${padding}<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><row><c t="inlineStr"><is><t>&e;</t></is></c></row>`);
    await expect(parseDocument(makeRawXlsx({ sheet: late }), "xlsx")).rejects.toMatchObject({ code: "malformed" });
  });

  it("refuses shared strings and worksheets that inflate past their caps, before holding them", async () => {
    // Declared: refused from the directory alone.
    const declared = makeXlsxBomb("xl/sharedStrings.xml", { inflatedBytes: 300 * MB });
    expect(declared.length).toBeLessThan(1 * MB);
    await expect(parseDocument(declared, "xlsx")).rejects.toMatchObject({ code: "inflated_too_large" });
    // Lying about their size: stopped at the declared size.
    for (const part of ["xl/sharedStrings.xml", "xl/worksheets/sheet1.xml"] as const) {
      const lying = makeXlsxBomb(part, { inflatedBytes: 100 * MB, declaredBytes: 1000 });
      await expect(parseDocument(lying, "xlsx")).rejects.toMatchObject({ code: "inflated_too_large" });
    }
  });

  it("refuses more than 2,000 entries", async () => {
    await expect(parseDocument(makeRawXlsx({ extraEntries: 2_000 }), "xlsx")).rejects.toMatchObject({ code: "too_many_entries" });
  });

  it("stops a shared-strings bomb (one long string in every cell) at the text cap", async () => {
    const long = "長".repeat(XLSX_LIMITS.maxCellChars + 5_000);
    const rows = '<row><c t="s"><v>0</v></c><c t="s"><v>0</v></c></row>'.repeat(1_000);
    const bomb = makeRawXlsx({ sharedStrings: `<sst count="4294967295"><si><t>${long}</t></si></sst>`, sheet: worksheetXml(rows) });
    expect(bomb.length).toBeLessThan(1 * MB);
    await expect(parseDocument(bomb, "xlsx")).rejects.toMatchObject({ code: "too_much_text" });
  });

  it("refuses content that is not a workbook", async () => {
    await expect(parseDocument(new TextEncoder().encode("a,b\n1,2\n"), "xlsx")).rejects.toMatchObject({ code: "unsupported_type" });
  });

  it("streams a 100,000-row sheet in blocks that each start with the sheet's name and header and fit a passage; streamed or not, the same passages", async () => {
    const xlsx = makeLargeXlsx(100_000);
    const header = `| ${LARGE_SHEET_HEADER.join(" | ")} |`;
    const blocks: { page: number | null; text: string }[] = [];
    const streamed = await parseDocument(xlsx, "xlsx", (page) => blocks.push(page));
    expect(streamed.pages).toEqual([]);
    expect(streamed.pageCount).toBe(1);
    expect(blocks.length).toBeGreaterThan(1_000);
    let rows = 0;
    for (const block of blocks) {
      expect(block.page).toBe(1);
      expect(block.text.startsWith(`訂單\n${header}\n|`)).toBe(true);
      expect(textSize(block.text)).toBeLessThanOrEqual(BLOCK_SIZE + 40);
      rows += block.text.split("\n").length - 3;
    }
    expect(rows).toBe(100_000);
    expect(blocks[blocks.length - 1].text).toContain("| ORD-100000 | 客戶 300 | 0 | 2024-05-13 |");

    // The chunker keeps each block whole, one sheet page throughout, whichever way it is given.
    const stream = new ChunkStream();
    const chunks: Chunk[] = [];
    for (const block of blocks) chunks.push(...stream.addPage(block));
    chunks.push(...stream.finish());
    const whole = await parseDocument(xlsx, "xlsx");
    expect(chunkDocument({ pages: whole.pages })).toEqual(chunks);
    expect(fullText(whole.pages)).toBe(blocks.map((b) => b.text).join("\n\n"));
    for (const chunk of chunks.slice(0, 50)) {
      expect(chunk.content.startsWith(`訂單\n${header}`)).toBe(true);
      expect([chunk.pageStart, chunk.pageEnd, chunk.pageBreaks]).toEqual([1, 1, []]);
    }
  }, 120_000);

  it("lets the offline model quote a row deep in a sheet under its columns' labels, citing the sheet", async () => {
    const { pages } = await parseDocument(makeLargeXlsx(5_000), "xlsx");
    const chunks = chunkDocument({ pages });
    const hit = chunks.find((c) => c.content.includes("ORD-004321"))!;
    const passages = toOfflinePassages([{ documentName: "訂單.xlsx", documentKind: "xlsx", page: hit.pageStart, pageEnd: hit.pageEnd, pageBreaks: hit.pageBreaks, content: hit.content }]);
    const reply = composeAnswer({ locale: "zh-TW", question: "訂單編號 ORD-004321 的金額是多少？", assistantName: "助理", rolePrompt: "", passages, documentNames: ["訂單.xlsx"] });
    expect(reply).toContain("訂單編號：ORD-004321；客戶：客戶 333；金額：59877；日期：2024-02-10。");
    expect(reply).toContain("《訂單.xlsx》 工作表 1");
  });
});
