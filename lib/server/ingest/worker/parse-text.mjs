// Plain text and Markdown. The text is kept exactly as stored (no newline or Unicode
// normalisation), so character offsets into it stay valid against the original file.
import { ParseFailure } from "./parse-failure.mjs";

/**
 * @param {Uint8Array} bytes
 * @returns {{ pages: { page: null, text: string }[], pageCount: null }}
 */
export function parseText(bytes) {
  let encoding = "utf-8";
  let start = 0;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ["utf-16le", 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ["utf-16be", 2];
  else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;

  let text;
  try {
    // The byte order mark is cut off above; ignoreBOM keeps a second one as text.
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
  } catch {
    throw new ParseFailure("malformed", `the file is not valid ${encoding.toUpperCase()} text`);
  }
  if (text.trim() === "") throw new ParseFailure("no_text", "the file is empty");
  return { pages: [{ page: null, text }], pageCount: null };
}
