// PDF text per page through unpdf's bundled pdf.js. pdf.js hands back positioned text runs;
// lines and paragraphs are rebuilt from their positions, because pdf.js breaks lines wherever
// the typesetter did, mid-word in Chinese.
import { createRequire } from "node:module";
import path from "node:path";
import { getDocumentProxy } from "unpdf";
import { ParseFailure } from "./parse-failure.mjs";
import { tableText } from "./docx-tables.mjs";
import { unifyRadicals } from "./cjk-radicals.mjs";
import { looksScanned, readScannedPage } from "./ocr/scanned-page.mjs";

// pdfjs-dist is installed for its data only: the predefined CJK CMaps (a Chinese font that is not
// embedded has no other way back to text) and the standard fonts. pdf.js's Node factory reads
// them with fs.readFile, which takes a path, not the file: URL unpdf would pass by default.
const PDFJS_DATA = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

const PDF_OPTIONS = Object.freeze({
  // Nothing is ever fetched: with worker fetch off, CMaps and standard fonts can only come
  // through pdf.js's Node factory, which reads these local directories, and only names on
  // pdf.js's own list of CMaps. This pdf.js build has no eval path to disable.
  useWorkerFetch: false,
  cMapUrl: path.join(PDFJS_DATA, "cmaps") + path.sep,
  cMapPacked: true,
  standardFontDataUrl: path.join(PDFJS_DATA, "standard_fonts") + path.sep,
  disableFontFace: true,
  useSystemFonts: true,
  useWasm: false,
  enableXfa: false,
  isOffscreenCanvasSupported: false,
  isImageDecoderSupported: false,
  // Errors only: pdf.js otherwise logs a warning for every odd font in a file.
  verbosity: 0,
});

// A line break next to one of these joins without a space (Han, kana, CJK and fullwidth punctuation).
const CJK_CLASS = "[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef\\ufe30-\\ufe4f\\u2014\\u2026\\u2027\\u00b7]";
const ENDS_CJK = new RegExp(`${CJK_CLASS}$`, "u");
const STARTS_CJK = new RegExp(`^${CJK_CLASS}`, "u");
const TERMINAL = /[.!?。！？：:」』”）)]$/u;
const HYPHENATED = /\p{L}[-\u00ad\u2010]$/u;
// A short line stands alone when it reads like a heading, a label or a table row: a few words
// with no punctuation inside them (after any section number). One that has some was cut short
// mid-sentence ("第一頁：臺灣的國" + "際貿易…"), as is one followed by a line starting in lower case.
const NUMBERING = /^(?:(?:chapter|section|part|appendix|table|figure|fig\.)\s+[\dIVXLC]+[.:]?|[表圖图][\d一二三四五六七八九十]+|\d+(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z]\.|第[\d一二三四五六七八九十百千〇零]+[章節节條条篇部編编款項项回講讲課课]|[一二三四五六七八九十]+[、.．]|[(（]?[\d一二三四五六七八九十]+[)）])\s*/iu;
const INNER_PUNCTUATION = /[，。、：；！？,.;:!?\-\u00ad\u2010–—(（「『“‘]/u;
const HEADING_MAX_CHARS = 40;
const CONTINUES = /^\p{Ll}/u;

/** A table's column label: short, and heading-like once a unit in brackets is set aside ("小型車（每小時）", "Amount (USD)"). @param {string} text */
function labelLike(text) {
  return text.trim().length <= LABEL_MAX_CHARS && headingLike(text.replace(/\s*(?:\([^()]*\)|（[^（）]*）)/gu, ""));
}

/** @param {string} text */
function headingLike(text) {
  const body = text.trim().replace(NUMBERING, "").replace(/[:：]$/u, "");
  return body.length <= HEADING_MAX_CHARS && !INNER_PUNCTUATION.test(body);
}

/**
 * @typedef {{ text: string, x: number, right: number }} Cell a run of a line set apart from the next by a wide gap
 * @typedef {{ text: string, y: number, size: number, x: number, right: number, cells: Cell[] }} Line
 */

// A gap this many font sizes wide between two runs of a line separates table cells, not words.
const CELL_GAP = 1.5;
// A table is a header and at least two rows whose cells line up.
const MIN_TABLE_LINES = 3;
// A header's labels are short and hold no sentence punctuation: two columns of prose side by side
// line up as well as a table does, but their first line is no row of labels.
const LABEL_MAX_CHARS = 24;

/**
 * @param {Uint8Array} bytes
 * @param {(page: { page: number, text: string }) => void} [onPage] called for each page as soon as it is read
 * @param {{ maxPages?: number, onOpen?: (pages: number) => void, ocr?: { pageTimeMs: number, onPage?: (page: number, pages: number) => void } }} [options]
 *   the most pages accepted; told the page count once the file is open; with ocr, pages without a
 *   text layer are read from their pictures (each told to onPage first, each given pageTimeMs)
 * @returns {Promise<{ pages: { page: number, text: string }[], pageCount: number, unreadablePages: number[] }>}
 */
export async function parsePdf(bytes, onPage, options = {}) {
  let pdf;
  try {
    // pdf.js takes ownership of (detaches) the array it is given, and refuses Node Buffers.
    pdf = await getDocumentProxy(new Uint8Array(bytes), PDF_OPTIONS);
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "PasswordException") throw new ParseFailure("encrypted", "the PDF needs a password");
    throw new ParseFailure("malformed", `unreadable PDF: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // The page count comes from the page tree, before any page is read: a file of tens of
    // thousands of tiny pages is refused at once instead of holding a parse slot for a minute.
    if (options.maxPages !== undefined && pdf.numPages > options.maxPages) {
      throw new ParseFailure("too_many_pages", `the PDF has ${pdf.numPages} pages, more than ${options.maxPages}`);
    }
    options.onOpen?.(pdf.numPages);
    const pages = [];
    /** @type {number[]} */
    const unreadablePages = [];
    let scans = 0;
    let failed = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      let text = "";
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        text = pageText(content.items);
        if (options.ocr && looksScanned(text)) {
          options.ocr.onPage?.(number, pdf.numPages);
          const read = await readScannedPage(page, text, options.ocr.pageTimeMs);
          if (read.status !== "no-pictures") scans++;
          // An unreadable page is left out with a note, never the document with it.
          if (read.status === "unreadable") unreadablePages.push(number);
          text = read.text;
        }
        page.cleanup();
      } catch {
        // One broken page should not cost the rest of the document.
        failed++;
      }
      pages.push({ page: number, text });
      onPage?.({ page: number, text });
    }
    if (pdf.numPages > 0 && failed === pdf.numPages) throw new ParseFailure("malformed", "no page of the PDF could be read");
    if (pages.every((p) => p.text.trim() === "")) {
      if (scans > 0) throw new ParseFailure("unreadable_scan", "no text could be read from the scanned pages");
      throw new ParseFailure("no_text", "the PDF has no extractable text (scanned?)");
    }
    return { pages, pageCount: pdf.numPages, unreadablePages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/**
 * @param {Array<{ str?: string, hasEOL?: boolean, transform?: number[], width?: number, height?: number }>} items
 */
function pageText(items) {
  const all = lines(items);
  const tables = alignedTables(all);
  const prose = (part) => paragraphs(part).map(joinLines).filter((text) => text !== "");
  if (tables.length === 0) return prose(all).join("\n\n");
  // A table's rows are written under its header, as Word tables are (docx-tables.mjs); the text
  // around it is read as before.
  const parts = [];
  let at = 0;
  for (const { from, to } of tables) {
    parts.push(...prose(all.slice(at, from)));
    parts.push(tableText(all.slice(from, to).map((line) => line.cells.map((cell) => cell.text.trim()))).trim());
    at = to;
  }
  parts.push(...prose(all.slice(at)));
  return parts.join("\n\n");
}

/**
 * Runs of lines laid out as a table: each of at least two cells (runs set apart by a gap of
 * CELL_GAP font sizes), as many in every line, each column's cells starting (or, for figures,
 * ending) within a font size of the first line's, lines a normal spacing apart, the first line
 * short labels. Only a layout this
 * clear is read as a table: text set with single spaces between its "columns" stays as it is.
 * @param {Line[]} all
 * @returns {{ from: number, to: number }[]}
 */
function alignedTables(all) {
  /** Whether line b's cells line up under header a's. @param {Line} a @param {Line} b */
  const aligned = (a, b) =>
    a.cells.length === b.cells.length && a.cells.every((cell, k) => Math.abs(cell.x - b.cells[k].x) <= a.size || Math.abs(cell.right - b.cells[k].right) <= a.size);
  /** Whether line b follows line a at a normal spacing. @param {Line} a @param {Line} b */
  const next = (a, b) => a.y > b.y && a.y - b.y < Math.max(a.size, b.size) * 2.5;
  const found = [];
  let i = 0;
  while (i < all.length) {
    let j = i + 1;
    if (all[i].cells.length >= 2 && all[i].cells.every((cell) => labelLike(cell.text))) while (j < all.length && aligned(all[i], all[j]) && next(all[j - 1], all[j])) j++;
    if (j - i >= MIN_TABLE_LINES) {
      found.push({ from: i, to: j });
      i = j;
    } else i++;
  }
  return found;
}

/**
 * Groups text runs into visual lines: a new line where pdf.js marks an end of line or the
 * baseline moves by more than half the font size.
 * @param {Array<{ str?: string, hasEOL?: boolean, transform?: number[], width?: number, height?: number }>} items
 * @returns {Line[]}
 */
function lines(items) {
  /** @type {Line[]} */
  const result = [];
  /** @type {Line | null} */
  let current = null;
  let endOfLine = false;
  for (const item of items) {
    if (typeof item.str !== "string" || !item.transform) continue;
    if (item.str === "") {
      if (item.hasEOL) endOfLine = true;
      continue;
    }
    const str = unifyRadicals(item.str);
    const [, , c, d, x, y] = item.transform;
    const size = Math.hypot(c, d) || item.height || 1;
    const right = x + (item.width ?? 0);
    if (!current || endOfLine || Math.abs(y - current.y) > Math.max(size, current.size) / 2) {
      current = { text: str, y, size, x, right, cells: [{ text: str, x, right }] };
      result.push(current);
    } else {
      const gap = x - current.right;
      const cell = current.cells[current.cells.length - 1];
      const wide = Math.max(size, current.size) * CELL_GAP;
      // pdf.js fills a gap between runs with a run of white space as wide: that gap, too, parts cells.
      if (str.trim() === "") {
        if (right - x > wide) current.cells.push({ text: "", x: right, right });
      } else if (gap > wide || cell.text === "") current.cells.push({ text: str, x, right });
      else {
        cell.text += (gap > current.size * 0.25 && !/\s$/.test(cell.text) && !/^\s/.test(str) ? " " : "") + str;
        cell.right = Math.max(cell.right, right);
      }
      // Only the tail of the line is tested: a regex anchored at the end scans the whole string.
      const tail = current.text.slice(-2);
      const cjk = ENDS_CJK.test(tail) && STARTS_CJK.test(str);
      if (gap > current.size * 0.25 && !/\s$/.test(tail) && !/^\s/.test(str) && !cjk) {
        current.text += " ";
      }
      current.text += str;
      current.right = Math.max(current.right, right);
      current.size = Math.max(current.size, size);
    }
    endOfLine = item.hasEOL === true;
  }
  for (const line of result) line.cells = line.cells.filter((cell) => cell.text.trim() !== "");
  return result.filter((line) => line.text.trim() !== "");
}

/**
 * Splits lines into paragraphs: at a vertical gap clearly wider than the page's usual line
 * spacing, a change of font size (headings), a jump upwards (a new column), after a short line
 * that ends a sentence, and after a line that stops well short of a full one without running on
 * (a heading set at the body's size, a table row, a list item): otherwise "第二章 上班時間" and the
 * paragraph under it join into one line, Chinese lines with no break at all.
 * @param {Line[]} all
 * @returns {string[][]}
 */
function paragraphs(all) {
  const gaps = [];
  for (let i = 1; i < all.length; i++) {
    const gap = all[i - 1].y - all[i].y;
    if (gap > 0 && gap < all[i].size * 4) gaps.push(gap);
  }
  gaps.sort((a, b) => a - b);
  // The lower quartile: on pages of one-line paragraphs the median would be the paragraph gap.
  const spacing = gaps.length >= 2 ? gaps[Math.floor((gaps.length - 1) / 4)] : null;
  const widest = all.reduce((max, line) => Math.max(max, line.right - line.x), 0);
  // A full line: the widest in the body's type size (the commonest), so a wide title set larger
  // over two columns does not make every column line look short.
  const sizes = new Map();
  for (const line of all) sizes.set(Math.round(line.size), (sizes.get(Math.round(line.size)) ?? 0) + 1);
  const bodySize = [...sizes.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [0, 0])[0];
  const full = all.reduce((max, line) => (Math.round(line.size) === bodySize ? Math.max(max, line.right - line.x) : max), 0);

  /** @type {string[][]} */
  const result = [];
  for (let i = 0; i < all.length; i++) {
    const line = all[i];
    const previous = all[i - 1];
    let breaks = !previous;
    if (previous) {
      const gap = previous.y - line.y;
      const sizeChanged = Math.abs(line.size - previous.size) > Math.min(line.size, previous.size) * 0.2;
      const wideGap = spacing !== null ? gap > spacing * 1.3 + 0.5 : gap > line.size * 2;
      const shortEnd = all.length >= 3 && previous.right - previous.x < widest * 0.7 && TERMINAL.test(previous.text.trimEnd().slice(-2));
      const shortLine = previous.right - previous.x < full * 0.7 && headingLike(previous.text) && !CONTINUES.test(line.text.trimStart());
      breaks = gap < -line.size / 2 || wideGap || sizeChanged || shortEnd || shortLine;
    }
    if (breaks) result.push([line.text]);
    else result[result.length - 1].push(line.text);
  }
  return result;
}

/**
 * Joins the lines of one paragraph: mends words hyphenated at a line end, adds no space where
 * Chinese text meets the break, one space otherwise.
 * @param {string[]} lines
 */
export function joinLines(lines) {
  /** @type {string[]} */
  const parts = [];
  let last = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (line === "") continue;
    if (last !== "") {
      const tail = last.slice(-3);
      if (HYPHENATED.test(tail)) {
        // "exam-" + "ple" is one word; "COVID-" + "19" keeps its hyphen.
        if (/^\p{Ll}/u.test(line)) parts[parts.length - 1] = last.slice(0, -1);
      } else if (!ENDS_CJK.test(tail) && !STARTS_CJK.test(line)) {
        // Chinese on either side means no space, also beside Latin letters and digits ("7月" + "6日").
        parts.push(" ");
      }
    }
    parts.push(line);
    last = line;
  }
  return parts.join("");
}
