// An Excel workbook (XLSX): each visible sheet's rows under its header row (sheet-rows.mjs), the
// sheet's position among the visible tabs as its page, so a citation names the sheet ("工作表 2")
// and the passage starts with the sheet's name. A cell gives what Excel shows for it: a formula's
// cached value, a date as a date (a serial number under a date format), a percentage as one.
//
// Worksheets are read as they inflate (ooxml-archive.mjs, xml-stream.mjs), never held whole: a
// sheet of 100,000 rows costs the text of one block of rows at a time, plus the shared strings.
import { OoxmlArchive, resolveTarget } from "./ooxml-archive.mjs";
import { ParseFailure } from "./parse-failure.mjs";
import { pageSink } from "./page-sink.mjs";
import { SheetText } from "./sheet-rows.mjs";
import { attributes, decodeEntities, scanXml, XmlRefused, XmlStream } from "./xml-stream.mjs";

export const XLSX_LIMITS = Object.freeze({
  // About ten times what a Word file may hold: a sheet's text repeats its header in each block.
  maxTextChars: 30_000_000,
  // And no more than this many characters per byte of the file, with this floor. Real workbooks
  // give a few characters a byte (a 100,000-row sheet: under 5); a small file whose one long
  // shared string fills every cell, or whose huge header is repeated before every row, is a
  // bomb of text, and is stopped long before the overall cap would stop it.
  maxTextPerByte: 50,
  minTextChars: 2_000_000,
  // Excel's own limits: a sheet or a cell beyond them was not made by a spreadsheet program.
  maxRows: 1_048_576,
  maxColumns: 16_384,
  maxCellChars: 32_767,
  maxSheets: 1_000,
});

const WORKBOOK = "xl/workbook.xml";
// Elements by their local names: SpreadsheetML is written without a prefix by Excel and with one
// (x:row) by other writers.
const LOCAL = { localNames: true };
const RELATIONSHIP = /\/relationships\/(worksheet|sharedStrings|styles)$/;

/**
 * @param {Uint8Array} bytes
 * @param {(page: { page: number | null, text: string }) => void} [onPage] each block of rows as it is read
 * @returns {Promise<{ pages: { page: number | null, text: string }[], pageCount: number | null }>}
 */
export async function parseXlsx(bytes, onPage) {
  const archive = new OoxmlArchive(bytes);
  try {
    return readWorkbook(archive, onPage);
  } catch (error) {
    if (error instanceof XmlRefused) throw new ParseFailure("malformed", error.message);
    throw error;
  }
}

/**
 * @param {OoxmlArchive} archive
 * @param {((page: { page: number | null, text: string }) => void) | undefined} onPage
 */
function readWorkbook(archive, onPage) {
  const workbook = archive.read(WORKBOOK);
  if (!workbook) throw new ParseFailure("malformed", `no ${WORKBOOK} in the archive`);
  /** @type {{ name: string, id: string, hidden: boolean }[]} */
  const sheets = [];
  let date1904 = false;
  scanXml(workbook, {
    open(name, attrs) {
      if (name === "sheet") {
        const a = attributes(attrs);
        const id = a["r:id"] ?? Object.entries(a).find(([key]) => key.endsWith(":id"))?.[1] ?? "";
        sheets.push({ name: a.name ?? "", id, hidden: a.state === "hidden" || a.state === "veryHidden" });
        if (sheets.length > XLSX_LIMITS.maxSheets) throw new ParseFailure("malformed", `more than ${XLSX_LIMITS.maxSheets} sheets`);
      } else if (name === "workbookPr") {
        const value = attributes(attrs).date1904;
        date1904 = value === "1" || value === "true";
      }
    },
    close() {},
    text() {},
  }, LOCAL);

  /** @type {Map<string, { type: string, target: string }>} */
  const relationships = new Map();
  const rels = archive.read("xl/_rels/workbook.xml.rels");
  if (rels) {
    scanXml(rels, {
      open(name, attrs) {
        if (name !== "Relationship") return;
        const a = attributes(attrs);
        const type = RELATIONSHIP.exec(a.Type ?? "")?.[1];
        if (type && a.TargetMode !== "External" && a.Id && a.Target) relationships.set(a.Id, { type, target: resolveTarget("xl/", a.Target) });
      },
      close() {},
      text() {},
    }, LOCAL);
  }
  const partOf = (/** @type {string} */ type, /** @type {string} */ fallback) => [...relationships.values()].find((r) => r.type === type)?.target ?? fallback;
  const strings = readSharedStrings(archive, partOf("sharedStrings", "xl/sharedStrings.xml"));
  const formats = readStyles(archive, partOf("styles", "xl/styles.xml"));

  const sink = pageSink(onPage, sheetTextCap(archive.bytes.length));
  let page = 0;
  for (const sheet of sheets) {
    if (sheet.hidden) continue;
    page++;
    const target = relationships.get(sheet.id);
    if (!target || target.type !== "worksheet" || !archive.has(target.target)) continue;
    const at = page;
    const text = new SheetText(sheet.name || `#${at}`, (block) => sink.add(at, block));
    readSheet(archive, target.target, strings, formats, date1904, text);
    text.finish();
  }
  if (sink.empty) throw new ParseFailure("empty_sheet", "no sheet of the workbook has any text");
  return sink.result(page);
}

/**
 * How much text a spreadsheet file of this size may give (see XLSX_LIMITS).
 * @param {number} fileBytes
 */
export function sheetTextCap(fileBytes) {
  return Math.min(XLSX_LIMITS.maxTextChars, Math.max(XLSX_LIMITS.minTextChars, fileBytes * XLSX_LIMITS.maxTextPerByte));
}

/**
 * @param {OoxmlArchive} archive
 * @param {string} part
 * @returns {string[]}
 */
function readSharedStrings(archive, part) {
  /** @type {string[]} */
  const strings = [];
  if (!archive.has(part)) return strings;
  let raw = "";
  let inText = false;
  // Phonetic guides (furigana, 注音) are read-aloud help, not the cell's text.
  let phonetic = 0;
  const stream = new XmlStream({
    open(name, _attrs, selfClosing) {
      if (name === "si") raw = "";
      else if (name === "rPh" && !selfClosing) phonetic++;
      else if (name === "t" && phonetic === 0) inText = !selfClosing;
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic = Math.max(0, phonetic - 1);
      else if (name === "si") strings.push(cellText(decodeEntities(raw)));
    },
    text(text) {
      if (inText && raw.length <= XLSX_LIMITS.maxCellChars * 8) raw += text;
    },
  }, LOCAL);
  archive.stream(part, (piece) => stream.pushBytes(piece), { held: true });
  stream.end();
  return strings;
}

/** A cell's text within Excel's own limit (a longer one is not Excel's, and only multiplies the text a reference to it makes). @param {string} text */
function cellText(text) {
  return text.length > XLSX_LIMITS.maxCellChars ? text.slice(0, XLSX_LIMITS.maxCellChars) : text;
}

/** @typedef {{ kind: "date" | "time" | "datetime" | "percent", decimals: number } | null} CellFormat */

// Excel's built-in number formats that show a date or a time (the CJK ones, 27–36 and 50–58,
// included: Taiwanese workbooks use them).
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);
const BUILT_IN_TIMES = new Set([18, 19, 20, 21, 32, 33, 45, 46, 47, 55, 56]);

/**
 * Each cell style's format, as far as it changes how a number reads: dates, times, percentages.
 * @param {OoxmlArchive} archive
 * @param {string} part
 * @returns {CellFormat[]}
 */
function readStyles(archive, part) {
  const xml = archive.read(part);
  /** @type {CellFormat[]} */
  const formats = [];
  if (!xml) return formats;
  /** @type {Map<number, string>} */
  const codes = new Map();
  let inCellXfs = false;
  scanXml(xml, {
    open(name, attrs) {
      if (name === "numFmt") {
        const a = attributes(attrs);
        codes.set(Number(a.numFmtId), a.formatCode ?? "");
      } else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        const id = Number(attributes(attrs).numFmtId ?? 0);
        formats.push(formatOf(id, codes.get(id)));
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
    text() {},
  }, LOCAL);
  return formats;
}

/**
 * @param {number} id
 * @param {string | undefined} code
 * @returns {CellFormat}
 */
function formatOf(id, code) {
  if (code === undefined) {
    if (BUILT_IN_DATES.has(id)) return { kind: id === 22 ? "datetime" : "date", decimals: 0 };
    if (BUILT_IN_TIMES.has(id)) return { kind: "time", decimals: 0 };
    if (id === 9 || id === 10) return { kind: "percent", decimals: id === 10 ? 2 : 0 };
    return null;
  }
  // What the code shows, without its literal text ("…", \x), colours and locales ([Red], [$-404]).
  const bare = code.split(";")[0].replace(/"[^"]*"|\\.|\[(?!h\]|m\]|s\])[^\]]*\]/gi, "");
  const hasTime = /[hs]/i.test(bare);
  // "m" is the month, unless hours or seconds are beside it (h:mm, mm:ss): then it is minutes.
  const hasDate = /[yd]/i.test(bare) || (/m/i.test(bare) && !hasTime);
  if (hasDate || hasTime) return { kind: hasDate && hasTime ? "datetime" : hasDate ? "date" : "time", decimals: 0 };
  if (bare.includes("%")) return { kind: "percent", decimals: /\.(0+)/.exec(bare)?.[1].length ?? 0 };
  return null;
}

const DAY_MS = 86_400_000;
const SHORT_INTEGER = /^-?[1-9]\d{0,14}$|^0$/;
// Days from Excel's day 0 (1899-12-30, as its 1900 system counts) to 1970-01-01.
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * A number as the cell's format shows it: dates and times as ISO 8601 (read alike in both
 * languages), percentages with their sign, other numbers without binary noise (0.1 + 0.2).
 * @param {string} value
 * @param {CellFormat} format
 * @param {boolean} date1904
 */
export function formatNumber(value, format, date1904) {
  // Most cells: a plain whole number, shown as it is written.
  if (format === null && SHORT_INTEGER.test(value)) return value;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) return value;
  if (format && format.kind === "percent") return `${(n * 100).toFixed(format.decimals)}%`;
  if (format && format.kind !== "percent" && n >= 0 && n < 2_958_466) {
    // Excel's 1900 system counts a 29 February 1900 that never was: days before it are one off.
    const serial = date1904 ? n + 1462 : n < 60 ? n + 1 : n;
    const time = new Date(Math.round((serial - UNIX_EPOCH_SERIAL) * DAY_MS / 1000) * 1000).toISOString();
    const day = time.slice(0, 10);
    const clock = time.slice(11, time.endsWith(":00.000Z") ? 16 : 19);
    if (format.kind === "time") return clock;
    if (format.kind === "date" || n % 1 === 0) return day;
    return `${day} ${clock}`;
  }
  return String(Number(n.toPrecision(15)));
}

/**
 * Column and row of a cell reference ("AB12"), 1-based; null when it is not one.
 * @param {string} ref
 */
function cellAt(ref) {
  const match = /^\$?([A-Z]{1,4})\$?(\d{1,8})$/.exec(ref);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]) column = column * 26 + letter.charCodeAt(0) - 64;
  return { column, row: Number(match[2]) };
}

/**
 * @param {{ column: number, row: number } | null} at
 * @param {string} what
 */
function withinGrid(at, what) {
  if (at && (at.column > XLSX_LIMITS.maxColumns || at.row > XLSX_LIMITS.maxRows)) {
    throw new ParseFailure("malformed", `${what} lies outside a spreadsheet's grid`);
  }
}

/**
 * @param {OoxmlArchive} archive
 * @param {string} part
 * @param {string[]} strings
 * @param {CellFormat[]} formats
 * @param {boolean} date1904
 * @param {SheetText} out
 */
function readSheet(archive, part, strings, formats, date1904, out) {
  /** @type {[number, string][]} */
  let row = [];
  let rowNumber = 0;
  let column = 0;
  /** @type {{ type: string, style: number } | null} */
  let cell = null;
  let value = "";
  let inline = "";
  let reading = /** @type {"v" | "t" | null} */ (null);
  let phonetic = 0;
  const endRow = () => {
    out.add(row);
    row = [];
  };
  const stream = new XmlStream({
    open(name, attrs, selfClosing) {
      switch (name) {
        case "dimension": {
          const ref = attributes(attrs).ref ?? "";
          for (const corner of ref.split(":")) withinGrid(cellAt(corner), `the declared size ${ref}`);
          return;
        }
        case "row": {
          const r = Number(attributes(attrs).r);
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          if (rowNumber > XLSX_LIMITS.maxRows) throw new ParseFailure("malformed", `row ${rowNumber} lies outside a spreadsheet's grid`);
          column = 0;
          row = [];
          return;
        }
        case "c": {
          const a = attributes(attrs);
          const at = a.r ? cellAt(a.r) : null;
          withinGrid(at, `cell ${a.r}`);
          column = at ? at.column : column + 1;
          cell = { type: a.t ?? "n", style: Number(a.s ?? 0) };
          value = "";
          inline = "";
          if (selfClosing) cell = null;
          return;
        }
        case "v":
          if (cell && !selfClosing) reading = "v";
          return;
        case "rPh":
          if (!selfClosing) phonetic++;
          return;
        case "t":
          if (cell && !selfClosing && phonetic === 0) reading = "t";
          return;
        default:
          return;
      }
    },
    close(name) {
      if (name === "v" || name === "t") reading = null;
      else if (name === "rPh") phonetic = Math.max(0, phonetic - 1);
      else if (name === "c" && cell) {
        const text = cellValue(cell, decodeEntities(value), decodeEntities(inline), strings, formats, date1904);
        if (text !== "") row.push([column, text]);
        cell = null;
      } else if (name === "row") endRow();
    },
    text(text) {
      // Bounded like a cell: a value longer than Excel allows is cut, not collected without end.
      if (reading === "v" && value.length <= XLSX_LIMITS.maxCellChars * 8) value += text;
      else if (reading === "t" && inline.length <= XLSX_LIMITS.maxCellChars * 8) inline += text;
    },
  }, LOCAL);
  archive.stream(part, (piece) => stream.pushBytes(piece));
  stream.end();
  if (row.length > 0) endRow();
}

/**
 * @param {{ type: string, style: number }} cell
 * @param {string} value the cell's <v>: a number, a shared string's index, a formula's cached result
 * @param {string} inline an inline string's text
 * @param {string[]} strings
 * @param {CellFormat[]} formats
 * @param {boolean} date1904
 */
function cellValue(cell, value, inline, strings, formats, date1904) {
  switch (cell.type) {
    case "s": {
      const index = Number(value);
      return Number.isInteger(index) && index >= 0 && index < strings.length ? strings[index] : "";
    }
    case "inlineStr":
      return cellText(inline);
    case "b":
      return value === "1" ? "TRUE" : value === "0" ? "FALSE" : value;
    case "str":
    case "e":
      return cellText(value);
    case "d":
      return value.replace(/T00:00:00(?:\.0+)?Z?$/, "");
    default:
      return formatNumber(value, formats[cell.style] ?? null, date1904);
  }
}
