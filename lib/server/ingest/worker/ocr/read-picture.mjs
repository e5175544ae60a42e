// One picture to text: prepared for the engine, read, and the engine's layout turned into the
// paragraphs the rest of ingestion expects (the same joining of lines as a PDF's text layer).
import { joinLines } from "../parse-pdf.mjs";
import { ENDS_SENTENCE, OPENS_MID_SENTENCE, PROSE_WIDTH, lineWidth } from "../sentence-marks.mjs";
import { prepareImage } from "./prepare-image.mjs";
import { bandPicture, lostLines } from "./lost-lines.mjs";
import { OcrTimeout, recognize, recognizeLine } from "./tesseract.mjs";

const CJK = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef";
// Tesseract puts a space between every two Chinese characters, and between Chinese and the
// digits or words beside it; written Chinese has none.
const SPACE_BY_CJK = new RegExp(`(?<=[${CJK}])[ \\t]+|[ \\t]+(?=[${CJK}])`, "gu");
// Tesseract keeps the width of a gap as spaces: this many or more part a table's cells.
const WIDE_GAP = /[ \t]{3,}/;
// Below this mean confidence (0–100) what came back is noise read from a photo or a pattern.
const MIN_CONFIDENCE = 35;
// A picture with less ink than this is a blank page (a scan's empty back side): not worth reading.
// A line of 10-point text on an A4 page is about a thousandth.
const MIN_INK = 0.0003;
// A "page" with fewer letters than this says nothing (specks read as ".", "|", "一").
const MIN_CHARACTERS = 3;
// A line the layout left out is kept when read with this confidence and at least two letters: a
// band of a picture's texture reads as a few confident-looking marks at most.
const MIN_LINE_CONFIDENCE = 60;

export class NothingRead extends Error {}

/**
 * @param {string} raw the engine's text
 * @returns {string} paragraphs separated by blank lines
 */
export function ocrParagraphs(raw) {
  const paragraphs = raw
    .replace(/\r/g, "")
    .split(/\n[ \t]*\n+/)
    .map(paragraph)
    .filter((text) => text !== "");
  /** @type {string[]} */
  const joined = [];
  for (const text of paragraphs) {
    const last = joined.at(-1);
    if (last !== undefined && runsOn(last, text)) joined[joined.length - 1] = joinLines([last, text]);
    else joined.push(text);
  }
  return joined.join("\n\n");
}

// The engine sometimes parts one paragraph in two mid-sentence (a line it found indented or
// spaced a little differently): 「…各佔總就業人口27.82%和」 then 「8.90%。」. Read apart, the
// sentence's end, often the answer, is lost to it. No paragraph opens with a comma or a closing
// bracket; and a long line of prose that stops without an end mark goes on in the next.
// The engine also leaves a Latin comma or stop as read.
const OPENS_WITH_LATIN_MARK = /^[,;:.!?)\]]/u;
const GOES_ON = /^[\p{Script=Han}\p{Ll}\p{N}「『（(“"]/u;

/** Whether paragraph `next` carries on the sentence `before` stops in. */
function runsOn(before, next) {
  // A table's rows (lines kept apart) are no sentence.
  if (before.includes("\n") || next.includes("\n")) return false;
  if (OPENS_MID_SENTENCE.test(next) || OPENS_WITH_LATIN_MARK.test(next)) return true;
  if (ENDS_SENTENCE.test(before) || !GOES_ON.test(next)) return false;
  // A clause comma says prose too, however short (a heading has none).
  return /[，,]/u.test(before) || lineWidth(before) >= PROSE_WIDTH;
}

/** @param {string} block */
function paragraph(block) {
  const lines = block.split("\n").filter((line) => line.trim() !== "");
  // A line with wide gaps in it is a table row (or a form's label and value): its cells stay
  // apart, and it stays a line of its own, as a Word table's rows do.
  if (lines.some((line) => WIDE_GAP.test(line.trim()))) {
    return lines.map((line) => line.trim().split(WIDE_GAP).map(tidy).join(" ")).join("\n");
  }
  return joinLines(lines.map(tidy));
}

// The Chinese models answer with ASCII punctuation ("1926年,商人") and read the name dot as
// U+2027 or a bullet: in Chinese text the comma, colon, semicolon, question and exclamation marks
// and brackets are full-width, and names are joined by one dot (U+00B7, as the text layers of
// Chinese PDFs and Word files have it), so the text reads as typed and matches what people type.
const HAN = "\\p{Script=Han}";
const ASCII_BY_HAN = new RegExp(`(?<=[${HAN}])[,:;?!]|[,:;?!](?=[${HAN}])`, "gu");
const FULL_WIDTH = { ",": "，", ":": "：", ";": "；", "?": "？", "!": "！" };
const NAME_DOT = new RegExp(`(?<=[${HAN}])[\u2027\u2022\u30fb\u2219](?=[${HAN}])`, "gu");
const OPEN_BY_HAN = new RegExp(`\\((?=[${HAN}])`, "gu");
const CLOSE_BY_HAN = new RegExp(`(?<=[${HAN}])\\)`, "gu");

// Two misreadings that cut a sentence in two: a period read before a comma (「質疑。,天特會議」:
// no Chinese text has both), and an opening corner bracket read as "!" (「故有 !市井」之稱」).
const PERIOD_BEFORE_COMMA = /。(?=[,，])/gu;
// The small ring of a degree read as a quotation mark, an asterisk or a question mark (30”C, 21*C).
const DEGREE_MISREAD = /(?<=\d)[ ]?[”“"'’*?º˚][ ]?(?=[CF](?![A-Za-z]))/gu;
const BANG_FOR_BRACKET = new RegExp(`[!！|](?=[${HAN}]{1,12}」)`, "gu");

/** @param {string} text */
function bracketsRead(text) {
  return text.replace(BANG_FOR_BRACKET, (mark, at) => {
    // Only where no bracket is open already (「快跑！他說」 keeps its exclamation mark).
    const before = text.slice(0, at);
    return before.lastIndexOf("「") > before.lastIndexOf("」") ? mark : "「";
  });
}

/** @param {string} text one line as the engine read it */
export function tidy(text) {
  return bracketsRead(text.replace(SPACE_BY_CJK, ""))
    .replace(PERIOD_BEFORE_COMMA, "")
    .replace(DEGREE_MISREAD, "°")
    .replace(/[ \t]{2,}/g, " ")
    .replace(ASCII_BY_HAN, (mark) => FULL_WIDTH[/** @type {keyof typeof FULL_WIDTH} */ (mark)])
    .replace(NAME_DOT, "·")
    .replace(OPEN_BY_HAN, "（")
    .replace(CLOSE_BY_HAN, "）")
    .trim();
}

/**
 * @param {Uint8Array | import("./prepare-image.mjs").RawImage} picture
 * @param {number} timeMs
 * @returns {Promise<string>} the text; NothingRead when the picture holds none that can be read
 */
export async function readPicture(picture, timeMs) {
  const prepared = await prepareImage(picture);
  if (prepared.ink < MIN_INK) throw new NothingRead("the picture is blank");
  const deadline = Date.now() + timeMs;
  const page = await recognize(prepared.pgm, timeMs);
  const { confidence } = page;
  const text = await withLostLines(page, prepared, deadline);
  const paragraphs = ocrParagraphs(text);
  const letters = paragraphs.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (letters < MIN_CHARACTERS || confidence < MIN_CONFIDENCE) throw new NothingRead(`no legible text (confidence ${Math.round(confidence)})`);
  return paragraphs;
}

/**
 * The page's text with the lines its layout left out read on their own and put back where they
 * stand (lost-lines.mjs), in the page's time that is left: running out of it keeps what was read.
 * @param {import("./tesseract.mjs").OcrPage} page
 * @param {{ grey: Uint8Array, width: number, height: number }} picture
 * @param {number} deadline
 */
async function withLostLines(page, picture, deadline) {
  const lines = page.paragraphs.flat();
  const lost = lostLines(picture.grey, picture.width, picture.height, lines);
  /** @type {Map<import("./tesseract.mjs").OcrLine, string[]>} */
  const after = new Map();
  /** @type {Map<import("./tesseract.mjs").OcrLine, string[]>} */
  const before = new Map();
  for (const band of lost) {
    let read;
    try {
      read = await recognizeLine(bandPicture(picture.grey, picture.width, picture.height, band), deadline - Date.now());
    } catch (error) {
      if (error instanceof OcrTimeout) break;
      throw error;
    }
    const letters = read.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
    if (read.confidence < MIN_LINE_CONFIDENCE || letters < 2) continue;
    // After the line read above it; at the top of a column, before the one below.
    const [anchor, into] = band.after >= 0 ? [lines[band.after], after] : [lines[band.before], before];
    if (anchor === undefined) continue;
    into.set(anchor, [...(into.get(anchor) ?? []), read.text]);
  }
  if (after.size === 0 && before.size === 0) return page.text;
  return page.paragraphs
    .map((paragraph) => paragraph.flatMap((line) => [...(before.get(line) ?? []), line.text, ...(after.get(line) ?? [])]).join("\n"))
    .join("\n\n");
}
