// File type from content (magic bytes), never from the declared MIME type. The name is used for
// one thing only: telling Markdown from plain text once the content is known to be text.
// Imported by the upload endpoint on the main thread too, so it must stay cheap and dependency-free.
import { isUtf8 } from "node:buffer";
import { centralDirectoryEntries, isZip, ZipFormatError } from "./zip.mjs";

export const MIME_TYPES = Object.freeze({
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
  md: "text/markdown",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  csv: "text/csv",
  // Never detected from an upload: a web page added by its address (fetch-web-page.ts).
  html: "text/html",
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
});

const PDF_HEADER_WINDOW = 1024;
// The smallest JPEG with a frame header, a table and a scan (a 1 × 1 picture is about 130 bytes).
const MIN_JPEG_BYTES = 100;
const TEXT_SAMPLE_BYTES = 64 * 1024;
// Share of control characters a text sample may carry before it is taken for binary data.
const MAX_CONTROL_RATIO = 0.02;
const MARKDOWN_NAME = /\.(md|markdown|mdown|mkd|mkdn)$/i;
const CSV_NAME = /\.(csv|tsv)$/i;
// The part that tells each Office Open XML format from the others.
const OFFICE_PARTS = /** @type {const} */ ([
  ["word/document.xml", "docx"],
  ["xl/workbook.xml", "xlsx"],
  ["ppt/presentation.xml", "pptx"],
]);

/**
 * @param {Uint8Array} bytes
 * @param {string} [fileName]
 * @returns {{ kind: import("./detect-type.mjs").DocumentKind, mimeType: string } | null}
 */
export function detectType(bytes, fileName) {
  if (isZip(bytes)) {
    const kind = officeKind(bytes);
    return kind ? typed(kind) : null;
  }
  const image = imageKind(bytes);
  if (image) return typed(image);
  if (hasPdfHeader(bytes)) return typed("pdf");
  const csv = fileName !== undefined && CSV_NAME.test(fileName);
  const text = textSample(bytes) ?? (csv ? big5Sample(bytes) : null);
  if (text === null || looksLikeSvg(text)) return null;
  if (csv) return typed("csv");
  return typed(fileName && MARKDOWN_NAME.test(fileName) ? "md" : "txt");
}

// An encrypted Word, Excel or PowerPoint file is not a ZIP archive but a Compound File holding an
// "EncryptedPackage" stream (the encrypted document) beside its "EncryptionInfo"; the file's
// directory names its streams in UTF-16.
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ENCRYPTED_PACKAGE = Buffer.from("EncryptedPackage", "utf16le");

/** Whether the file is a password-protected Office document (which no parser can read). @param {Uint8Array} bytes */
export function isEncryptedOffice(bytes) {
  if (bytes.length < 512 || CFB_SIGNATURE.some((b, i) => bytes[i] !== b)) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPTED_PACKAGE);
}

/** @param {import("./detect-type.mjs").DocumentKind} kind */
function typed(kind) {
  return { kind, mimeType: MIME_TYPES[kind] };
}

/**
 * Photos and scans read by OCR, by their signatures and the header that must follow: JPEG's
 * start-of-image and a second marker, PNG's eight bytes and its IHDR chunk, WebP's RIFF container
 * and a VP8 chunk. A file that stops after the signature is no picture and is refused at upload.
 * @param {Uint8Array} bytes
 * @returns {"jpg" | "png" | "webp" | null}
 */
function imageKind(bytes) {
  const at = (/** @type {number[]} */ signature, offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (/** @type {number} */ offset, /** @type {number} */ length) => String.fromCharCode(...bytes.subarray(offset, offset + length));
  if (at([0xff, 0xd8, 0xff]) && bytes[3] >= 0xc0 && bytes[3] !== 0xff && bytes.length >= MIN_JPEG_BYTES) return "jpg";
  if (at([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && ascii(12, 4) === "IHDR") return "png";
  if (at([0x52, 0x49, 0x46, 0x46]) && ascii(8, 4) === "WEBP" && /^VP8[ LX]$/.test(ascii(12, 4))) return "webp";
  return null;
}

/** @param {Uint8Array} bytes */
function hasPdfHeader(bytes) {
  const end = Math.min(bytes.length, PDF_HEADER_WINDOW) - 5;
  for (let i = 0; i <= end; i++) {
    if (bytes[i] === 0x25 && bytes[i + 1] === 0x50 && bytes[i + 2] === 0x44 && bytes[i + 3] === 0x46 && bytes[i + 4] === 0x2d) {
      return true;
    }
  }
  return false;
}

/**
 * Which Office document a ZIP archive is: [Content_Types].xml and the format's main part.
 * @param {Uint8Array} bytes
 * @returns {"docx" | "xlsx" | "pptx" | null}
 */
function officeKind(bytes) {
  let contentTypes = false;
  /** @type {"docx" | "xlsx" | "pptx" | null} */
  let kind = null;
  try {
    for (const entry of centralDirectoryEntries(bytes)) {
      if (entry.name === "[Content_Types].xml") contentTypes = true;
      else kind ??= OFFICE_PARTS.find(([part]) => part === entry.name)?.[1] ?? null;
      if (contentTypes && kind) return kind;
    }
  } catch (error) {
    if (error instanceof ZipFormatError || error instanceof RangeError) return null;
    throw error;
  }
  return null;
}

/**
 * The decoded start of a Big5 file (the encoding Excel in Taiwan saves CSV in), otherwise null.
 * @param {Uint8Array} bytes
 */
function big5Sample(bytes) {
  let end = Math.min(bytes.length, TEXT_SAMPLE_BYTES);
  // A Big5 character is one ASCII byte or a lead byte (0x81–0xFE) and a trail byte: a cut after
  // a lead byte would split one.
  let leads = 0;
  for (let i = end - 1; i >= 0 && bytes[i] >= 0x81; i--) leads++;
  if (end < bytes.length && leads % 2 === 1) end--;
  try {
    const text = new TextDecoder("big5", { fatal: true }).decode(bytes.subarray(0, end));
    return mostlyPrintable(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * The decoded start of the file when it is text (UTF-8, or UTF-16 with a byte order mark),
 * otherwise null.
 * @param {Uint8Array} bytes
 * @returns {string | null}
 */
function textSample(bytes) {
  const utf16 = utf16Encoding(bytes);
  let sample;
  if (utf16) {
    let end = Math.min(bytes.length, TEXT_SAMPLE_BYTES);
    if (end < bytes.length) {
      // Cut the sample on a whole code unit, and before a surrogate pair the cut would split.
      end -= end % 2;
      const unit = utf16 === "utf-16le" ? bytes[end - 2] | (bytes[end - 1] << 8) : (bytes[end - 2] << 8) | bytes[end - 1];
      if (unit >= 0xd800 && unit <= 0xdbff) end -= 2;
    }
    try {
      sample = new TextDecoder(utf16, { fatal: true }).decode(bytes.subarray(2, end));
    } catch {
      return null;
    }
  } else {
    if (!isUtf8(bytes)) return null;
    let end = Math.min(bytes.length, TEXT_SAMPLE_BYTES);
    while (end < bytes.length && end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
    sample = new TextDecoder("utf-8").decode(bytes.subarray(0, end));
  }
  return mostlyPrintable(sample) ? sample : null;
}

/** @param {Uint8Array} bytes */
function utf16Encoding(bytes) {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/** @param {string} text */
function mostlyPrintable(text) {
  if (text.includes("\u0000")) return false;
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x0b) || (c >= 0x7f && c <= 0x9f)) {
      control++;
    }
  }
  return control <= text.length * MAX_CONTROL_RATIO;
}

// SVG is XML text that browsers run scripts from; it is refused rather than stored as text.
/** @param {string} text */
function looksLikeSvg(text) {
  const start = text.replace(/^\uFEFF/, "").trimStart().slice(0, 5).toLowerCase();
  if (start.startsWith("<svg")) return true;
  if (start.startsWith("<?xml") || start.startsWith("<!")) return /<svg[\s>/]/i.test(text);
  return false;
}
