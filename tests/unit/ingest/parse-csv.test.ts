import { describe, expect, it } from "vitest";
import { detectType } from "@/lib/server/ingest/worker/detect-type.mjs";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { csvDelimiter, csvEncoding } from "@/lib/server/ingest/worker/parse-csv.mjs";
import { chunkDocument, textSize } from "@/lib/server/ingest/chunker";
import { BLOCK_SIZE } from "@/lib/server/ingest/worker/sheet-rows.mjs";
import { big5 } from "@/scripts/office-files";

const utf8 = (text: string) => new TextEncoder().encode(text);
const FARES = "車廂,臺北至左營,備註\r\n標準車廂,1490,\r\n商務車廂,2440,\"含餐, 飲料\"\r\n";
const EXPECTED = "| 車廂 | 臺北至左營 | 備註 |\n| --- | --- | --- |\n| 標準車廂 | 1490 |  |\n| 商務車廂 | 2440 | 含餐, 飲料 |";

describe("parse CSV", () => {
  it("reads rows under the header row, as one page without a number", async () => {
    expect(await parseDocument(utf8(FARES), "csv")).toEqual({ pages: [{ page: null, text: EXPECTED }], pageCount: null });
  });

  it("reads UTF-8 with and without a byte order mark, UTF-16 and Big5 alike", async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(FARES, "utf16le")]);
    for (const bytes of [utf8(FARES), new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(FARES)]), utf16, big5(FARES)]) {
      expect((await parseDocument(bytes, "csv")).pages[0].text).toBe(EXPECTED);
    }
    expect(csvEncoding(big5(FARES))?.encoding).toBe("big5");
    // A Big5 file is a CSV by its name; without one, it is no text the app knows.
    expect(detectType(big5(FARES), "票價.csv")?.kind).toBe("csv");
    expect(detectType(big5(FARES), "票價.txt")).toBeNull();
    expect(detectType(utf8(FARES), "票價.CSV")).toEqual({ kind: "csv", mimeType: "text/csv" });
    expect(detectType(utf8(FARES), "票價.txt")?.kind).toBe("txt");
  });

  it("finds the delimiter: comma, tab, semicolon or bar, whichever splits the lines alike", async () => {
    expect(csvDelimiter("a,b;c\n1,2;3\n")).toBe(",");
    expect(csvDelimiter("a;b;c\n1;2,5;3\n")).toBe(";");
    expect(csvDelimiter('名稱\t說明\n"x, y"\t1\n')).toBe("\t");
    expect(csvDelimiter("a|b\n1|2\n")).toBe("|");
    const tsv = FARES.replace(/,(?=[^"]*(?:"[^"]*"[^"]*)*$)/gm, "\t");
    expect((await parseDocument(utf8(tsv), "csv")).pages[0].text).toBe(EXPECTED);
  });

  it("reads quoted fields with delimiters, doubled quotes and line breaks in them", async () => {
    const csv = '品名,說明\n"蘋果","紅的,\n很甜"\n"""大""香蕉",黃的\n';
    expect((await parseDocument(utf8(csv), "csv")).pages[0].text).toBe('| 品名 | 說明 |\n| --- | --- |\n| 蘋果 | 紅的, 很甜 |\n| "大"香蕉 | 黃的 |');
  });

  it("refuses a file with no rows as an empty sheet, and one in no known encoding as no CSV file", async () => {
    await expect(parseDocument(utf8(",,,\r\n,,\r\n"), "csv")).rejects.toMatchObject({ code: "empty_sheet" });
    await expect(parseDocument(new Uint8Array([0x61, 0x2c, 0x81, 0x20, 0x0a]), "csv")).rejects.toMatchObject({ code: "unsupported_type" });
  });

  it("reads a long file in blocks that repeat the header", async () => {
    const lines = ["編號,名稱,數量", ...Array.from({ length: 3_000 }, (_, i) => `${i + 1},品項 ${i + 1},${i * 3}`)];
    const blocks: { page: number | null; text: string }[] = [];
    await parseDocument(utf8(lines.join("\n")), "csv", (page) => blocks.push(page));
    expect(blocks.length).toBeGreaterThan(20);
    for (const block of blocks) expect(block.text.startsWith("| 編號 | 名稱 | 數量 |\n| --- | --- | --- |\n")).toBe(true);
    expect(blocks.at(-1)!.text.endsWith("| 3000 | 品項 3000 | 8997 |")).toBe(true);
  });
});

describe("a CSV built to multiply its text", () => {
  it("stops a huge header repeated before every row at the text a file of its size may give", async () => {
    const header = Array.from({ length: 500 }, (_, i) => `很長的欄位名稱第 ${i} 欄`).join(",");
    const csv = utf8(`${header}\n${"1\n".repeat(200_000)}`);
    await expect(parseDocument(csv, "csv")).rejects.toMatchObject({ code: "too_much_text" });
  });
});

describe("a sheet of wide rows", () => {
  it("writes a row too wide for one passage as tables of a few columns each, every one starting with the row's first cell", async () => {
    const questions = Array.from({ length: 30 }, (_, i) => `第 ${i + 1} 題：您對本次活動的第 ${i + 1} 項安排滿意嗎`);
    const answers = (name: string) => [name, ...questions.map((_, i) => (i === 17 ? "非常滿意，希望明年再辦" : "滿意"))];
    const csv = [["姓名", ...questions], answers("王小明"), answers("李小華")].map((cells) => cells.join(",")).join("\n");
    const { pages } = await parseDocument(utf8(csv), "csv");
    const blocks = pages[0].text.split("\n\n");
    expect(blocks.length).toBeGreaterThan(2);
    for (const block of blocks) {
      expect(textSize(block)).toBeLessThanOrEqual(BLOCK_SIZE);
      expect(block).toMatch(/^\| 姓名 \| 第 \d+ 題/);
      expect(block.split("\n")[2]).toMatch(/^\| (王小明|李小華) \|/);
    }
    expect(blocks.find((b) => b.includes("非常滿意"))).toContain("第 18 題：您對本次活動的第 18 項安排滿意嗎");
    const chunks = chunkDocument({ pages });
    for (const chunk of chunks) expect(chunk.content.split("\n\n").every((part) => /^\| 姓名 \|/.test(part))).toBe(true);
  });
});
