// Builders for the Excel workbooks, CSV files and PowerPoint decks the tests, specs and benchmarks
// make on the fly (ordinary ones, a 100,000-row sheet, and hostile ones), written with the bare
// ZIP writer of hostile-files.ts. Nothing here imports the app, so end-to-end specs can use it.
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import { escapeXml, writeZip } from "./hostile-files";

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

type Part = string | Uint8Array;
type ZipPart = { name: string; data: Uint8Array; method: number; crc: number; size: number };

function deflated(name: string, content: Part): ZipPart {
  const raw = typeof content === "string" ? Buffer.from(content) : Buffer.from(content);
  return { name, data: deflateRawSync(raw), method: 8, crc: crc32(raw), size: raw.length };
}

function zip(parts: Record<string, Part>, extra: ZipPart[] = []): Uint8Array {
  return writeZip([...Object.entries(parts).map(([name, content]) => deflated(name, content)), ...extra]);
}

function relationships(rels: { id: string; type: string; target: string }[]): string {
  return `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels
    .map((r) => `<Relationship Id="${r.id}" Type="${REL}/${r.type}" Target="${r.target}"/>`)
    .join("")}</Relationships>`;
}

function contentTypes(main: string): string {
  return (
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/${main}" ContentType="application/xml"/></Types>`
  );
}

// ---------------------------------------------------------------- XLSX

/** A cell: text (a shared string), a number, a date (written as Excel's serial number under a date format), or a formula with its cached value. */
export type Cell = string | number | null | { date: string } | { formula: string; cached: string | number };
export type Sheet = { name: string; rows: Cell[][]; hidden?: boolean; dimension?: string };

// Style 0: general; 1: a date (yyyy/mm/dd, a custom format as Taiwanese workbooks have); 2: a percentage.
const STYLES =
  `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy/mm/dd"/></numFmts>' +
  '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="9" applyNumberFormat="1"/></cellXfs></styleSheet>';

/** Excel's serial day number of an ISO date (the 1900 date system). */
export function excelSerial(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000 + 25_569;
}

export function columnName(column: number): string {
  let name = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

class SharedStrings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  of(text: string): number {
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.list.length;
      this.list.push(text);
      this.index.set(text, at);
    }
    return at;
  }
  xml(): string {
    return `${XML}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.list.length}" uniqueCount="${this.list.length}">${this.list
      .map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`)
      .join("")}</sst>`;
  }
}

function cellXml(cell: Cell, ref: string, strings: SharedStrings): string {
  if (cell === null) return "";
  if (typeof cell === "string") return `<c r="${ref}" t="s"><v>${strings.of(cell)}</v></c>`;
  if (typeof cell === "number") return `<c r="${ref}"><v>${cell}</v></c>`;
  if ("date" in cell) return `<c r="${ref}" s="1"><v>${excelSerial(cell.date)}</v></c>`;
  const cached = typeof cell.cached === "number" ? `<v>${cell.cached}</v>` : `<v>${escapeXml(cell.cached)}</v>`;
  return `<c r="${ref}"${typeof cell.cached === "string" ? ' t="str"' : ""}><f>${escapeXml(cell.formula)}</f>${cached}</c>`;
}

function rowXml(cells: Cell[], row: number, strings: SharedStrings): string {
  return `<row r="${row}">${cells.map((cell, i) => cellXml(cell, `${columnName(i + 1)}${row}`, strings)).join("")}</row>`;
}

function worksheet(body: string, dimension?: string): string {
  return `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}">${dimension ? `<dimension ref="${dimension}"/>` : ""}<sheetData>${body}</sheetData></worksheet>`;
}

function workbookParts(sheets: { name: string; hidden?: boolean }[], parts: Record<string, Part>): Record<string, Part> {
  const workbook =
    `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><workbookPr/><sheets>` +
    sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ""} r:id="rId${i + 1}"/>`).join("") +
    "</sheets></workbook>";
  return {
    "[Content_Types].xml": contentTypes("xl/workbook.xml"),
    "_rels/.rels": relationships([{ id: "rId1", type: "officeDocument", target: "xl/workbook.xml" }]),
    "xl/workbook.xml": workbook,
    "xl/_rels/workbook.xml.rels": relationships([
      ...sheets.map((_, i) => ({ id: `rId${i + 1}`, type: "worksheet", target: `worksheets/sheet${i + 1}.xml` })),
      { id: "rIdS", type: "sharedStrings", target: "sharedStrings.xml" },
      { id: "rIdT", type: "styles", target: "styles.xml" },
    ]),
    "xl/styles.xml": STYLES,
    ...parts,
  };
}

/** A workbook of the given sheets, first row of each its header. */
export function makeXlsx(sheets: Sheet[]): Uint8Array {
  const strings = new SharedStrings();
  const parts: Record<string, Part> = {};
  sheets.forEach((sheet, i) => {
    parts[`xl/worksheets/sheet${i + 1}.xml`] = worksheet(sheet.rows.map((cells, r) => rowXml(cells, r + 1, strings)).join(""), sheet.dimension);
  });
  parts["xl/sharedStrings.xml"] = strings.xml();
  return zip(workbookParts(sheets, parts));
}

/** The row `i` (1-based) of the large test sheet: an order number, a customer, an amount and a date. */
export function largeSheetRow(i: number): Cell[] {
  return [`ORD-${String(i).padStart(6, "0")}`, `客戶 ${i % 997}`, (i * 37) % 100_000, { date: `2024-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}` }];
}
export const LARGE_SHEET_HEADER: Cell[] = ["訂單編號", "客戶", "金額", "日期"];

/** A one-sheet workbook of `rows` data rows under a header (largeSheetRow), its XML built and compressed a slice at a time. */
export function makeLargeXlsx(rows: number): Uint8Array {
  const strings = new SharedStrings();
  const pieces: string[] = [rowXml(LARGE_SHEET_HEADER, 1, strings)];
  for (let i = 1; i <= rows; i++) pieces.push(rowXml(largeSheetRow(i), i + 1, strings));
  const sheet = worksheet(pieces.join(""), `A1:D${rows + 1}`);
  return zip(workbookParts([{ name: "訂單" }], { "xl/worksheets/sheet1.xml": sheet, "xl/sharedStrings.xml": strings.xml() }));
}

/**
 * A workbook whose `part` inflates to `inflatedBytes` of zeros while its directory declares
 * `declaredBytes` (a lie when they differ), built from one compressed megabyte repeated.
 */
export function makeXlsxBomb(part: "xl/sharedStrings.xml" | "xl/worksheets/sheet1.xml", options: { inflatedBytes: number; declaredBytes?: number }): Uint8Array {
  const megabyte = new Uint8Array(1024 * 1024);
  const blocks = Math.ceil(options.inflatedBytes / megabyte.length);
  const middle = deflateRawSync(megabyte, { finishFlush: zlibConstants.Z_FULL_FLUSH, level: 9 });
  const last = deflateRawSync(megabyte, { level: 9 });
  const compressed = Buffer.concat([...Array.from({ length: blocks - 1 }, () => middle), last]);
  const parts = workbookParts([{ name: "Sheet1" }], {
    "xl/worksheets/sheet1.xml": worksheet(rowXml(["a", "b"], 1, new SharedStrings())),
    "xl/sharedStrings.xml": new SharedStrings().xml(),
  });
  delete parts[part];
  return zip(parts, [{ name: part, data: compressed, method: 8, crc: 0, size: options.declaredBytes ?? blocks * megabyte.length }]);
}

/** A workbook built from raw parts: what a hostile file puts where a real one has its XML. */
export function makeRawXlsx(parts: { workbook?: string; sheet?: string; sharedStrings?: string; extraEntries?: number }): Uint8Array {
  const base = workbookParts([{ name: "Sheet1" }], {
    "xl/worksheets/sheet1.xml": parts.sheet ?? worksheet(""),
    "xl/sharedStrings.xml": parts.sharedStrings ?? new SharedStrings().xml(),
  });
  if (parts.workbook) base["xl/workbook.xml"] = parts.workbook;
  for (let i = 0; i < (parts.extraEntries ?? 0); i++) base[`xl/media/pad${i}.xml`] = "<a/>";
  return zip(base);
}

export { worksheet as worksheetXml };

// ---------------------------------------------------------------- CSV

/** Text in Big5, the encoding Excel in Taiwan saves CSV files in (Node's TextDecoder reads it; this writes it). */
export function big5(text: string): Uint8Array {
  // Every character the tests use is found by decoding the two-byte codes once.
  const table = big5Table();
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else {
      const bytes = table.get(char);
      if (!bytes) throw new Error(`no Big5 code for ${char}`);
      out.push(...bytes);
    }
  }
  return new Uint8Array(out);
}

let big5Codes: Map<string, [number, number]> | null = null;
function big5Table(): Map<string, [number, number]> {
  if (big5Codes) return big5Codes;
  big5Codes = new Map();
  const decoder = new TextDecoder("big5");
  for (let lead = 0xa1; lead <= 0xf9; lead++) {
    for (const trail of [...Array.from({ length: 0x3f }, (_, i) => 0x40 + i), ...Array.from({ length: 0x5e }, (_, i) => 0xa1 + i)]) {
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (char.length === 1 && char !== "\ufffd" && !big5Codes.has(char)) big5Codes.set(char, [lead, trail]);
    }
  }
  return big5Codes;
}

// ---------------------------------------------------------------- PPTX

export type Slide = { title?: string; body?: string[]; table?: string[][]; notes?: string[] };

function shape(paragraphs: string[], placeholder?: string): string {
  const ph = placeholder ? `<p:nvPr><p:ph type="${placeholder}"/></p:nvPr>` : "<p:nvPr/>";
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/>${ph}</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>` +
    paragraphs.map((p) => `<a:p><a:r><a:rPr lang="zh-TW"/><a:t>${escapeXml(p)}</a:t></a:r></a:p>`).join("") +
    "</p:txBody></p:sp>"
  );
}

function tableFrame(rows: string[][]): string {
  const cell = (text: string) => `<a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>${escapeXml(text)}</a:t></a:r></a:p></a:txBody></a:tc>`;
  return `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="t"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl>${rows
    .map((r) => `<a:tr h="0">${r.map(cell).join("")}</a:tr>`)
    .join("")}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
}

const NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="' + REL + '"';

/** A deck of the given slides: a title, body paragraphs, a table and speaker notes each; a slide number on every slide and notes page, as PowerPoint puts there. */
export function makePptx(slides: Slide[], options: { slideXml?: (index: number, xml: string) => string } = {}): Uint8Array {
  const parts: Record<string, Part> = {
    "[Content_Types].xml": contentTypes("ppt/presentation.xml"),
    "_rels/.rels": relationships([{ id: "rId1", type: "officeDocument", target: "ppt/presentation.xml" }]),
    "ppt/presentation.xml": `${XML}<p:presentation ${NS}><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`).join("")}</p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": relationships(slides.map((_, i) => ({ id: `rId${i + 2}`, type: "slide", target: `slides/slide${i + 1}.xml` }))),
  };
  slides.forEach((slide, i) => {
    const n = i + 1;
    const tree =
      (slide.title ? shape([slide.title], "title") : "") + (slide.body ? shape(slide.body) : "") + (slide.table ? tableFrame(slide.table) : "") + shape([String(n)], "sldNum");
    const xml = `${XML}<p:sld ${NS}><p:cSld><p:spTree>${tree}</p:spTree></p:cSld></p:sld>`;
    parts[`ppt/slides/slide${n}.xml`] = options.slideXml ? options.slideXml(i, xml) : xml;
    if (slide.notes) {
      parts[`ppt/slides/_rels/slide${n}.xml.rels`] = relationships([{ id: "rId1", type: "notesSlide", target: `../notesSlides/notesSlide${n}.xml` }]);
      parts[`ppt/notesSlides/notesSlide${n}.xml`] = `${XML}<p:notes ${NS}><p:cSld><p:spTree>${shape([], "sldImg")}${shape(slide.notes, "body")}${shape([String(n)], "sldNum")}</p:spTree></p:cSld></p:notes>`;
    }
  });
  return zip(parts);
}

/** A password-protected Office file as Office writes one: a Compound File with an EncryptedPackage stream. */
export function makeEncryptedOffice(): Uint8Array {
  const file = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  // The directory sector (sector 1 here) names the streams in UTF-16.
  Buffer.from("Root Entry", "utf16le").copy(file, 1024);
  Buffer.from("EncryptionInfo", "utf16le").copy(file, 1024 + 128);
  Buffer.from("EncryptedPackage", "utf16le").copy(file, 1024 + 256);
  return file;
}
