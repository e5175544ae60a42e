import "server-only";
import { holdsFigures } from "./question-cues";

// Lines that name a topic rather than say something about it: headings ("第二章 上班時間",
// "1.2. What is this spec?", a running title repeated at the top of every PDF page), labels that
// introduce what follows ("The files created are:"), page numbers. They share the question's words
// more densely than any sentence does, so by word overlap alone they would be quoted as the answer.

// Section numbers and chapter markers that open a heading: 1. / 1.2. / IV. / A. / 第二章 / 三、
const NUMBERING = /^(?:(?:chapter|section|part|appendix|table|figure|fig\.)\s+[\dIVXLC]+[.:]?|[表圖图][\d一二三四五六七八九十]+|\d+(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z]\.|第[\d一二三四五六七八九十百千〇零]+[章節节條条篇部編编款項项回講讲課课]|[一二三四五六七八九十]+[、.．])\s*/iu;
// What a sentence ends with, closing quotes and brackets aside.
const SENTENCE_END = /[。！？；.!?;…][」』”’"')）\]]*$/u;
const PAGE_NUMBER = /^(?:page\s*|p\.\s*|第\s*)?\d+\s*(?:頁|页|of\s*\d+|\/\s*\d+)?$/iu;
const COLON_END = /[:：]$/u;
const QUESTION_END = /[?？][」』”’"')）\]]*$/u;
const HAN = /\p{Script=Han}/gu;
const DIGIT = /\d/;
const HAS_LETTER = /[\p{L}]/u;
// A heading is a few words: about what fits one line of a heading at a larger size.
const SHORT_CJK = 24;
const SHORT_WORDS = 10;
// Longer than any line of that many words or characters: no need to count them.
const SHORT_CHARS = 120;

function isShort(text: string): boolean {
  if (text.length > SHORT_CHARS) return false;
  const han = text.match(HAN)?.length ?? 0;
  const words = text.replace(HAN, " ").split(/\s+/).filter((w) => HAS_LETTER.test(w) || DIGIT.test(w)).length;
  return han <= SHORT_CJK && words <= SHORT_WORDS && han + 2 * words <= SHORT_CJK;
}

/**
 * Whether a line (one sentence of a passage) is a heading, a label or a page number: never the
 * answer itself, though it says what the text after it is about. List items and label-value
 * lines (日期：3 月 11 日) are content; so is a short line with figures in it (a table row).
 */
export function isHeadingLine(sentence: string): boolean {
  const text = sentence.trim();
  const body = text.replace(NUMBERING, "");
  if (!HAS_LETTER.test(body) || PAGE_NUMBER.test(text)) return true;
  if (QUESTION_END.test(text) || COLON_END.test(text)) return isShort(body);
  if (SENTENCE_END.test(text) || !isShort(body)) return false;
  if (/^[-*•+‧・]\s/u.test(text) || /[:：]\s*\S/u.test(body) || holdsFigures(body)) return false;
  return true;
}
