// A CSV (or tab-separated) file as a sheet: its rows under its header row (sheet-rows.mjs). The
// encoding is UTF-8 (with or without a byte order mark), UTF-16 with one, or Big5, which Excel
// in Taiwan still writes; the delimiter is the one of comma, tab, semicolon and bar that splits
// the first lines into the same number of fields. Quoted fields may hold delimiters, doubled
// quotes and line breaks. Read a megabyte at a time: memory is one block of rows, not the file.
import { isUtf8 } from "node:buffer";
import { ParseFailure } from "./parse-failure.mjs";
import { pageSink } from "./page-sink.mjs";
import { SheetText } from "./sheet-rows.mjs";
import { sheetTextCap, XLSX_LIMITS } from "./parse-xlsx.mjs";

const SLICE = 1024 * 1024;
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_LINES = 20;
const DELIMITERS = [",", "\t", ";", "|"];
// Beyond this a field is not a spreadsheet cell (Excel's own limit) and is cut.
const MAX_FIELD_CHARS = XLSX_LIMITS.maxCellChars;
const MAX_FIELDS = XLSX_LIMITS.maxColumns;

/**
 * The encoding a CSV file is in, and where its text starts; null when it is none of them.
 * @param {Uint8Array} bytes
 * @returns {{ encoding: string, start: number } | null}
 */
export function csvEncoding(bytes) {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: "utf-8", start: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", start: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", start: 2 };
  if (isUtf8(bytes)) return { encoding: "utf-8", start: 0 };
  try {
    new TextDecoder("big5", { fatal: true }).decode(bytes);
    return { encoding: "big5", start: 0 };
  } catch {
    return null;
  }
}

/**
 * The delimiter that splits the sample's first lines most consistently.
 * @param {string} sample
 */
export function csvDelimiter(sample) {
  let best = { delimiter: ",", lines: 0, fields: 0 };
  for (const delimiter of DELIMITERS) {
    /** @type {number[]} */
    const counts = [];
    let count = 0;
    let quoted = false;
    for (let i = 0; i < sample.length && counts.length < SAMPLE_LINES; i++) {
      const c = sample[i];
      if (c === '"') quoted = !quoted;
      else if (!quoted && c === delimiter) count++;
      else if (!quoted && c === "\n") {
        counts.push(count);
        count = 0;
      }
    }
    if (counts.length < SAMPLE_LINES && count > 0) counts.push(count);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const lines = counts.filter((n) => n === first).length;
    if (lines > best.lines || (lines === best.lines && first > best.fields)) best = { delimiter, lines, fields: first };
  }
  return best.delimiter;
}

/**
 * @param {Uint8Array} bytes
 * @param {(page: { page: number | null, text: string }) => void} [onPage] each block of rows as it is read
 * @returns {Promise<{ pages: { page: number | null, text: string }[], pageCount: number | null }>}
 */
export async function parseCsv(bytes, onPage) {
  const found = csvEncoding(bytes);
  if (!found) throw new ParseFailure("malformed", "the file is not UTF-8, UTF-16 or Big5 text");
  const decoder = new TextDecoder(found.encoding, { ignoreBOM: true });
  const sink = pageSink(onPage, sheetTextCap(bytes.length));
  const sheet = new SheetText(null, (block) => sink.add(null, block));

  /** @type {[number, string][]} */
  let row = [];
  let field = "";
  let quoted = false;
  // After a closing quote: a second quote is a quote in the text, anything else ends the quoting.
  let afterQuote = false;
  /** @type {string | null} */
  let delimiter = null;
  let pending = "";
  const endField = () => {
    if (row.length < MAX_FIELDS) row.push([row.length + 1, field.trim()]);
    field = "";
  };
  const endRow = () => {
    endField();
    sheet.add(row);
    row = [];
  };
  /** @param {string} text */
  const feed = (text) => {
    const d = /** @type {string} */ (delimiter);
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else if (field.length < MAX_FIELD_CHARS) field += c;
        continue;
      }
      if (afterQuote) {
        afterQuote = false;
        if (c === '"') {
          quoted = true;
          if (field.length < MAX_FIELD_CHARS) field += '"';
          continue;
        }
      }
      if (c === '"' && field.trim() === "") {
        field = "";
        quoted = true;
      } else if (c === d) endField();
      else if (c === "\n") endRow();
      else if (c !== "\r" && field.length < MAX_FIELD_CHARS) field += c;
    }
  };
  /** @param {string} text */
  const take = (text) => {
    if (delimiter === null) {
      pending += text;
      if (pending.length < SAMPLE_CHARS) return;
      delimiter = csvDelimiter(pending);
      text = pending;
      pending = "";
    }
    feed(text);
  };
  const body = bytes.subarray(found.start);
  for (let at = 0; at < body.length; at += SLICE) take(decoder.decode(body.subarray(at, at + SLICE), { stream: true }));
  take(decoder.decode());
  if (delimiter === null) {
    delimiter = csvDelimiter(pending);
    feed(pending);
  }
  if (field !== "" || row.length > 0) endRow();
  sheet.finish();
  if (sink.empty) throw new ParseFailure("empty_sheet", "the file has no rows");
  return sink.result(null);
}
