// Where a sentence ends and where one goes on, in Chinese and Latin text: one set of rules for the
// line-wrap reading of documents (lib/server/ingest/line-wraps.ts) and the OCR worker's joining of
// paragraphs the engine parted (ocr/read-picture.mjs), which runs where server-only modules cannot
// be imported.

// No sentence opens with a comma, a stop or a closing bracket.
export const OPENS_MID_SENTENCE = /^[，、。；：！？」』）】〕]/u;
// A line that ends with a stop (closing quotes and brackets after it) ends its sentence.
export const ENDS_SENTENCE = /[.!?:;。！？；：」』]["'”’)）\]]*$/u;
// A line this wide (a Han character counts two) is prose rather than a heading, a label or a
// line of an address or a poem.
export const PROSE_WIDTH = 50;

const HAN = /\p{Script=Han}/u;

/** @param {string} line */
export function lineWidth(line) {
  let width = 0;
  for (const ch of line) width += HAN.test(ch) ? 2 : 1;
  return width;
}
