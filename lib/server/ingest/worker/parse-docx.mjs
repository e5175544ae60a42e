// DOCX text through mammoth, behind checks of our own: mammoth (via JSZip) would inflate every
// entry in full, so the archive is vetted and the needed parts are inflated here first, under
// caps, and mammoth only ever sees a rebuilt archive of those vetted parts.
//
// A DOCX has no pages (Word lays them out when it renders), so the text is one page with page
// null. Explicit page breaks are rare and would number pages wrongly, so they are not used.
import mammoth from "mammoth";
import { zipSync } from "fflate";
import { tableText } from "./docx-tables.mjs";
import { OOXML_LIMITS, OoxmlArchive } from "./ooxml-archive.mjs";
import { ParseFailure } from "./parse-failure.mjs";

const MB = 1024 * 1024;
export const DOCX_LIMITS = Object.freeze({
  // The archive's caps are those of every Office file (ooxml-archive.mjs): entries, the sum of
  // the sizes every entry declares (media included), the bytes inflated from the parts mammoth
  // reads (past 64 MB mammoth's XML tree alone would outgrow the worker's heap), and the
  // compression ratio (deflate tops out near 1030:1; real parts stay far below 200:1).
  maxEntries: OOXML_LIMITS.maxEntries,
  maxDeclaredBytes: OOXML_LIMITS.maxDeclaredBytes,
  maxInflatedBytes: OOXML_LIMITS.maxHeldBytes,
  maxRatio: OOXML_LIMITS.maxRatio,
  ratioCheckAbove: OOXML_LIMITS.ratioCheckAbove,
  // mammoth builds a tree of the whole XML: about 80 bytes of memory per byte of it, so an 8 MB
  // word/document.xml already needs more than a parse process's allowance. Above this size the
  // text is read in one pass over the XML instead, holding only the text.
  streamAbove: 2 * MB,
  // Text beyond this (about 3 million characters, a 1,500-page book) is refused: indexing it
  // would take the server itself past what one document may cost.
  maxTextChars: 3_000_000,
});
const TEXT_PART = /\.(xml|rels)$/i;

/**
 * @param {Uint8Array} bytes
 * @returns {Promise<{ pages: { page: null, text: string }[], pageCount: null }>}
 */
export async function parseDocx(bytes) {
  const parts = readTextParts(bytes);
  if (!parts.has("word/document.xml")) throw new ParseFailure("malformed", "no word/document.xml in the archive");
  const documentXml = /** @type {Uint8Array} */ (parts.get("word/document.xml"));
  if (documentXml.length > DOCX_LIMITS.streamAbove) return onePage(streamDocumentText(documentXml));
  /** @type {Record<string, Uint8Array>} */
  const vetted = {};
  for (const [name, data] of parts) vetted[name] = name.toLowerCase().endsWith(".rels") ? withoutExternalTargets(data) : data;

  let raw;
  try {
    // Stored, not deflated: mammoth would only inflate the parts again.
    const archive = zipSync(vetted, { level: 0 });
    // The document as mammoth reads it, through its public hook (transformDocument), handed on
    // empty so that no HTML is made of it: its raw text would lose the tables' rows (docx-tables.mjs).
    /** @type {DocxElement | undefined} */
    let document;
    await mammoth.convertToHtml(
      { buffer: Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength) },
      { transformDocument: (/** @type {DocxElement} */ read) => ((document = read), { ...read, children: [] }) },
    );
    raw = document ? textOf(document) : "";
  } catch (error) {
    throw new ParseFailure("malformed", `unreadable DOCX: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (raw.length > DOCX_LIMITS.maxTextChars) throw tooMuchText();
  return onePage(raw);
}

/** @typedef {{ type: string, value?: string, children?: DocxElement[] }} DocxElement */

/**
 * An element's text as mammoth's raw text gives it (text, tabs, a blank line after each
 * paragraph), but each table as rows (docx-tables.mjs).
 * @param {DocxElement} element
 * @returns {string}
 */
function textOf(element) {
  if (element.type === "text") return element.value ?? "";
  if (element.type === "tab") return "\t";
  if (element.type === "table") {
    const rows = (element.children ?? []).filter((row) => row.type === "tableRow");
    return tableText(rows.map((row) => (row.children ?? []).filter((cell) => cell.type === "tableCell").map(textOf)));
  }
  const text = (element.children ?? []).map(textOf).join("");
  return element.type === "paragraph" ? text + "\n\n" : text;
}

const tooMuchText = () => new ParseFailure("too_much_text", `the document has more than ${DOCX_LIMITS.maxTextChars} characters of text`);

/** @param {string} raw paragraphs each ended by a blank line */
function onePage(raw) {
  // Every paragraph ends with a blank line; empty paragraphs would stack them up.
  const text = raw.replace(/\n{3,}/g, "\n\n").trim();
  if (text === "") throw new ParseFailure("no_text", "the document has no text");
  return { pages: [{ page: null, /** @type {string} */ text }], pageCount: /** @type {null} */ (null) };
}

// Elements whose content mammoth leaves out of the text: deletions, moved-away text, the
// alternative of AlternateContent it does not read, and paragraph properties (their w:tab is a
// tab stop, not a tab).
const SKIPPED = new Set(["w:del", "w:moveFrom", "mc:Choice", "w:pPr", "w:rPr"]);
const SLICE = 1024 * 1024;
const TAG = /<(\/?)([^\s/>]+)[^>]*?(\/?)>/g;
const NAMED = /** @type {Record<string, string>} */ ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" });
const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g;

/** @param {string} text */
function decodeEntities(text) {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (_, hex, dec, name) => {
    if (name) return NAMED[name];
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/**
 * The text of word/document.xml as parseDocx gives it through mammoth (text runs, tabs, hyphens,
 * a blank line after each paragraph, deletions left out, tables as rows), read in one pass a
 * megabyte at a time: memory grows with the text, not with the XML.
 * @param {Uint8Array} xml
 * @returns {string}
 */
export function streamDocumentText(xml) {
  const decoder = new TextDecoder("utf-8");
  /** @type {string[]} */
  const out = [];
  let length = 0;
  // The tables open around the text being read, innermost last: a cell's text is kept until its
  // table ends and is written as rows (docx-tables.mjs). Counted as it is read, like the rest.
  /** @type {{ rows: string[][], row: string[], cell: string[] }[]} */
  const tables = [];
  const emit = (/** @type {string} */ text) => {
    (tables.length > 0 ? tables[tables.length - 1].cell : out).push(text);
    length += text.length;
    if (length > DOCX_LIMITS.maxTextChars) throw tooMuchText();
  };
  const endTable = () => {
    const table = /** @type {{ rows: string[][] }} */ (tables.pop());
    const text = tableText(table.rows);
    (tables.length > 0 ? tables[tables.length - 1].cell : out).push(text);
  };
  let carry = "";
  let skipped = 0;
  let inText = false;
  for (let at = 0; at < xml.length || carry !== ""; at += SLICE) {
    const last = at + SLICE >= xml.length;
    const chunk = carry + (at < xml.length ? decoder.decode(xml.subarray(at, at + SLICE), { stream: !last }) : "");
    // Whatever follows the last "<" may be a tag cut in two: it waits for the next slice.
    const cut = last ? chunk.length : chunk.lastIndexOf("<");
    const segment = cut < 0 ? "" : chunk.slice(0, cut);
    carry = cut < 0 ? chunk : chunk.slice(cut);
    let previous = 0;
    TAG.lastIndex = 0;
    for (let match = TAG.exec(segment); match; match = TAG.exec(segment)) {
      if (inText && skipped === 0 && match.index > previous) emit(decodeEntities(segment.slice(previous, match.index)));
      previous = TAG.lastIndex;
      const [, closing, name, selfClosing] = match;
      if (SKIPPED.has(name)) {
        if (closing) skipped = Math.max(0, skipped - 1);
        else if (!selfClosing) skipped++;
        continue;
      }
      if (name === "w:t") {
        inText = !closing && !selfClosing;
        continue;
      }
      if (skipped === 0 && tables.length > 0) {
        const table = tables[tables.length - 1];
        if (name === "w:tc" && (closing || selfClosing)) {
          table.row.push(table.cell.join(""));
          table.cell = [];
        } else if (name === "w:tr" && (closing || selfClosing)) {
          table.rows.push(table.row);
          table.row = [];
        }
        if (name === "w:tbl" && closing) endTable();
      }
      if (name === "w:tbl" && !closing && !selfClosing && skipped === 0) tables.push({ rows: [], row: [], cell: [] });
      if (skipped > 0 || closing) {
        if (closing && name === "w:p" && skipped === 0) emit("\n\n");
        continue;
      }
      if (name === "w:tab") emit("\t");
      else if (name === "w:noBreakHyphen") emit("\u2011");
      else if (name === "w:softHyphen") emit("\u00ad");
      else if (name === "w:p" && selfClosing) emit("\n\n");
    }
    if (inText && skipped === 0 && previous < segment.length) emit(decodeEntities(segment.slice(previous)));
    if (last) break;
  }
  // A table cut off by the end of a broken document keeps what was read of it.
  while (tables.length > 0) {
    const table = tables[tables.length - 1];
    if (table.cell.length > 0) table.row.push(table.cell.join(""));
    if (table.row.length > 0) table.rows.push(table.row);
    endTable();
  }
  return out.join("");
}

/**
 * The archive vetted from its central directory (ooxml-archive.mjs), then its XML parts inflated
 * under a running cap, any with a DTD refused.
 * @param {Uint8Array} bytes
 * @returns {Map<string, Uint8Array>}
 */
function readTextParts(bytes) {
  const archive = new OoxmlArchive(bytes);
  /** @type {Map<string, Uint8Array>} */
  const parts = new Map();
  for (const name of archive.entries.keys()) {
    if (!TEXT_PART.test(name)) continue;
    parts.set(name, /** @type {Uint8Array} */ (archive.read(name)));
  }
  return parts;
}

/**
 * Blanks the target of every relationship that points outside the package (linked images,
 * file:// links, attached templates) except hyperlinks, whose target is only ever a string.
 * mammoth already refuses external file access by default; this keeps it that way whatever
 * options it is given. Any TargetMode other than a literal "Internal" counts as external, so
 * entity-encoded values cannot slip through.
 * @param {Uint8Array} data
 */
function withoutExternalTargets(data) {
  const xml = new TextDecoder("utf-8").decode(data);
  const cleaned = xml.replace(/<Relationship\b(?:[^>"']|"[^"]*"|'[^']*')*>/g, (element) => {
    const mode = /\sTargetMode\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(element);
    if (!mode || (mode[1] ?? mode[2]) === "Internal") return element;
    const type = /\sType\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(element);
    if (type && /\/relationships\/hyperlink$/.test(type[1] ?? type[2])) return element;
    return element.replace(/(\sTarget\s*=\s*)(?:"[^"]*"|'[^']*')/, '$1""');
  });
  return cleaned === xml ? data : new TextEncoder().encode(cleaned);
}
