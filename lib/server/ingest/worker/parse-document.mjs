// Chooses the parser for a document kind. Runs inside the parse worker (and directly in tests).
import { detectType } from "./detect-type.mjs";
import { ParseFailure } from "./parse-failure.mjs";
import { parseDocx } from "./parse-docx.mjs";
import { newDocument } from "./ocr/tesseract.mjs";
import { parseHtml } from "./parse-html.mjs";
import { parseImage } from "./parse-image.mjs";
import { parsePdf } from "./parse-pdf.mjs";
import { parseText } from "./parse-text.mjs";
import { parseCsv } from "./parse-csv.mjs";
import { parsePptx } from "./parse-pptx.mjs";
import { parseXlsx } from "./parse-xlsx.mjs";

export { ParseFailure };

// Callers other than the parse process (tests, benchmarks) that do not say.
const DEFAULT_OCR_PAGE_TIME_MS = 60_000;

/** @param {string | undefined} kind */
function family(kind) {
  return kind === "md" || kind === "csv" ? "txt" : kind;
}

/**
 * @param {Uint8Array} bytes
 * @param {string} kind "pdf" | "docx" | "txt" | "md" | "xlsx" | "pptx" | "csv" | "jpg" | "png" | "webp", as detected at upload
 * @param {(page: { page: number | null, text: string }) => void} [onPage] PDF pages, sheets' rows and slides as they are read
 * @param {{ maxPages?: number, onOpen?: (pages: number) => void, ocr?: { pageTimeMs: number, onPage?: (page: number, pages: number) => void } }} [options]
 *   a PDF's page limit, and who hears its page count once it is open; with ocr, scanned pages and images are read by OCR
 * @returns {Promise<{ pages: { page: number | null, text: string }[], pageCount: number | null, title?: string | null, unreadablePages?: number[] }>}
 */
export async function parseDocument(bytes, kind, onPage, options = {}) {
  // A web page checks its own content (UTF-8 text; its inline <svg> icons are no SVG file).
  if (kind === "html") return parseHtml(bytes);
  // The kind was decided at upload; the content is checked again so a parser only ever sees
  // the format it was written for, whatever a caller passes.
  // (A CSV file's name is what tells it from plain text, and lets a Big5 one be read at all.)
  if (family(detectType(bytes, kind === "csv" ? "file.csv" : undefined)?.kind) !== family(kind)) {
    throw new ParseFailure("unsupported_type", `the content is not a ${kind} file`);
  }
  // A parse process reads one owner's files one after another: each finds its own OCR model.
  newDocument();
  switch (kind) {
    case "pdf":
      return parsePdf(bytes, onPage, options);
    case "docx":
      return parseDocx(bytes);
    case "xlsx":
      return parseXlsx(bytes, onPage);
    case "csv":
      return parseCsv(bytes, onPage);
    case "pptx":
      return parsePptx(bytes, onPage);
    case "jpg":
    case "png":
    case "webp":
      return parseImage(bytes, options.ocr ?? { pageTimeMs: DEFAULT_OCR_PAGE_TIME_MS });
    default:
      return parseText(bytes);
  }
}
