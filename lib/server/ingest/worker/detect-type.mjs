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

/**
 * @param {Uint8Array} bytes
 * @param {string} [fileName]
 * @returns {{ kind: "pdf" | "docx" | "txt" | "md" | "jpg" | "png" | "webp", mimeType: string } | null}
 */
export function detectType(bytes, fileName) {
  if (isZip(bytes)) return isDocx(bytes) ? typed("docx") : null;
  const image = imageKind(bytes);
  if (image) return typed(image);
  if (hasPdfHeader(bytes)) return typed("pdf");
  const text = textSample(bytes);
  if (text === null || looksLikeSvg(text)) return null;
  return typed(fileName && MARKDOWN_NAME.test(fileName) ? "md" : "txt");
}

/** @param {"pdf" | "docx" | "txt" | "md" | "jpg" | "png" | "webp"} kind */
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

/** @param {Uint8Array} bytes */
function isDocx(bytes) {
  let contentTypes = false;
  let document = false;
  try {
    for (const entry of centralDirectoryEntries(bytes)) {
      if (entry.name === "[Content_Types].xml") contentTypes = true;
      else if (entry.name === "word/document.xml") document = true;
      if (contentTypes && document) return true;
    }
  } catch (error) {
    if (error instanceof ZipFormatError || error instanceof RangeError) return false;
    throw error;
  }
  return false;
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
