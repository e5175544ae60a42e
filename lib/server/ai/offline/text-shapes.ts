import "server-only";
import type { Locale } from "@/lib/constants";

// What a line or phrase of a document is, told from its shape alone: prose, a table row, code,
// page furniture, a byline or a bare name. Suggested questions are built only from what reads as
// language: a question about "4 CARD32 N_ALIASES" or about the author's name helps nobody.
// Everything here is a few regular expressions per line: it runs on every follow-up request.

const HAN = /\p{Script=Han}/u;
const segmenter = new Intl.Segmenter("zh-Hant", { granularity: "word" });
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export const HAN_WORD = /^[\p{Script=Han}]+$/u;
// English words that carry no topic.
export const ENGLISH_COMMON = new Set(
  "the a an and or but of to in on at by for with from as is are was were be been being this that these those it its their there which who whom what when where why how also more most other such than then into over after before under between during about against among within without can could would should may might must will shall not no one two three first second new".split(" "),
);

export function occurrences(text: string, phrase: string): number {
  let n = 0;
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + phrase.length)) n++;
  return n;
}

export function hasHan(text: string): boolean {
  return HAN.test(text);
}

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * Whether text is written in English rather than Chinese: a Chinese character carries about as
 * much as a few Latin letters, so a Chinese sentence naming "SK Telecom" is still Chinese.
 */
export function isMostlyLatin(text: string): boolean {
  let latin = 0;
  let han = 0;
  // By code point ranges rather than a Unicode regular expression: this runs on every sentence.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7)) latin++;
    else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xd840 && c <= 0xd87f)) han++;
  }
  return latin > 0 && latin >= han * 3;
}

// Page numbers and running headers or footers in their usual forms.
const PAGE_NUMBER = /^(?:[-–—]\s*)?(?:(?:page|p\.|pp\.)\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?(?:\s*[-–—])?$|^第\s*[\d一二三四五六七八九十百]+\s*頁(?:\s*[，,/／]?\s*共\s*[\d一二三四五六七八九十百]+\s*頁)?$|^[ivxlc]{1,6}$/i;
const CONTENTS = /^(?:table\s+of\s+contents|contents|index|目\s*錄|目\s*次|索\s*引)$/i;
const URL = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.|\b[a-z0-9-]+\.(?:com|org|net|edu|gov|io|tw)\b/i;
// Addresses, also the "name at host dot org" spelling that specifications use against spam.
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+|\b\w+ (?:at|\[at\]) [\w-]+(?:\.| dot )[\w.-]+/i;
const MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
const DATE_ALONE = new RegExp(
  `^(?:\\d{4}[-/.]\\d{1,2}(?:[-/.]\\d{1,2})?|\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{2,4}|(?:民國\\s*)?\\d{2,4}\\s*年(?:\\s*\\d{1,2}\\s*月)?(?:\\s*\\d{1,2}\\s*日)?|\\d{1,2}\\s*月\\s*\\d{1,2}\\s*日|(?:\\d{1,2}\\s+)?(?:${MONTHS})\\.?(?:\\s+\\d{1,2})?,?\\s+\\d{4}|(?:last\\s+)?(?:updated|revised|date)[:\\s]+.+\\d{4})$`,
  "i",
);
const COPYRIGHT = /^(?:©|\(c\)|copyright\b|all rights reserved|版權所有|著作權所有)/i;
// Lines that introduce the author: "by Jane Smith", "作者：王小明".
const BYLINE = /^(?:by|written by|prepared by|edited by|authors?|editors?|translated by|contact)\b|^(?:作者|撰稿|撰文|記者|編輯|譯者|主編|撰寫|報告人|講者|聯絡人)/i;

// Longer than this, a line is running text that happens to name a web site or an author.
const FURNITURE_MAX_CHARS = 80;

/** Page numbers, running titles' usual companions, URLs, addresses, dates alone, copyright lines. */
export function isPageFurniture(line: string): boolean {
  const text = line.trim();
  if (PAGE_NUMBER.test(text) || CONTENTS.test(text) || DATE_ALONE.test(text)) return true;
  return text.length <= FURNITURE_MAX_CHARS && (URL.test(text) || EMAIL.test(text) || COPYRIGHT.test(text) || BYLINE.test(text));
}

/** Whether a line introduces the author (its neighbour is then a name, not a heading). */
export function isByline(line: string): boolean {
  return BYLINE.test(line.trim());
}

const UNIT_SUFFIX = /^\d+(?:st|nd|rd|th|s|km|kg|cm|mm|ml|mb|gb|kb|tb|hz|khz|mhz|ghz|ft|in|m|g|x|%)$/i;

/**
 * A token no sentence is made of: snake_case, camelCase with several humps, letters run into
 * digits (CARD32, utf8), paths and media types (text/plain), operators, calls, file names.
 */
export function isCodeToken(raw: string): boolean {
  const token = raw.replace(/^[("'“‘[]+|[)"'”’\],.:;!?]+$/g, "");
  if (token.length === 0) return false;
  if (/_/.test(token) || /[*=<>{}\\|#$~^`]/.test(token) || /::|->|\(\)$/.test(token)) return true;
  if (/^[a-z]{2,}[A-Z]/.test(token) || /[A-Z][a-z]+[A-Z][a-z]+[A-Z]/.test(token)) return true;
  if (!UNIT_SUFFIX.test(token) && /[A-Za-z]{3,}\d|\d[A-Za-z]{3,}/.test(token)) return true;
  if (/\w\/\w/.test(token) && !/^(?:and\/or|or\/and|km\/h|m\/s)$/i.test(token)) return true;
  if (/^(?:--?|\.)[a-z]/.test(token) || /^[\w-]+\.(?:xml|json|txt|md|js|ts|py|c|h|cpp|java|html?|css|cache|conf|cfg|ini|ya?ml|sh|exe|dll|so|pdf|docx?)$/i.test(token)) return true;
  return false;
}

const ALL_CAPS_WORD = /^[A-Z][A-Z-]*[A-Z]$/;

/**
 * A line of code or a table row rather than language: many code tokens, mostly digits and
 * symbols, several number cells, cells separated by tabs or bars, or Chinese cells split by spaces.
 */
export function looksLikeCodeOrTable(line: string): boolean {
  const text = line.trim();
  if (text.length === 0) return false;
  if (/\t|\s\|\s|^\|/.test(text) || /\S {3,}\S.* {3,}\S/.test(text)) return true;
  if (/^(?:\/\/|\/\*|#include|#define|import |from \S+ import|def |function |class |const |let |var |return |if \(|for \(|while \(|<\/?[a-z][\w-]*[\s>]|\$ )/.test(text) || /[{};]$/.test(text)) return true;
  const nonSpace = text.replace(/\s+/g, "");
  const letters = nonSpace.match(/\p{L}/gu)?.length ?? 0;
  if (letters < nonSpace.length * 0.6) return true;
  const tokens = text.split(/\s+/);
  if (hasHan(text)) {
    // Chinese prose has no spaces between words; three or more short spaced cells are a table.
    const cells = tokens.filter((t) => hasHan(t));
    return cells.length >= 3 && cells.every((t) => t.length <= 8) && !/[，。；！？]/.test(text);
  }
  if (tokens.length === 1) return isCodeToken(tokens[0]);
  const code = tokens.filter(isCodeToken).length;
  const numbers = tokens.filter((t) => /^[\d.,%$+-]+$/.test(t)).length;
  const caps = tokens.filter((t) => ALL_CAPS_WORD.test(t.replace(/[^\w-]/g, ""))).length;
  return code / tokens.length >= 0.25 || (numbers >= 2 && numbers / tokens.length >= 0.3) || (tokens.length >= 3 && caps / tokens.length >= 0.6);
}

// The commonest family names in Taiwan, Hong Kong and China (about nine in ten people), and the
// usual two-character ones.
const SURNAMES = new Set([
  ..."陳林黃張李王吳劉蔡楊許鄭謝洪郭邱曾廖賴徐周葉蘇莊呂江何蕭羅高潘簡朱鍾游彭詹胡施沈余盧梁趙顏柯翁魏孫戴范方宋鄧杜傅侯曹薛丁卓阮馬董温唐藍石蔣古紀姚連馮歐程湯黄田康姜白汪鄒尤巫鐘黎涂龔嚴韓袁金童陸夏柳凃邵錢伍倪溫于譚駱熊任甘秦顧毛章史官萬俞雷粘饒張",
  "歐陽", "司馬", "諸葛", "上官", "司徒", "東方", "夏侯", "皇甫", "慕容", "長孫", "張簡", "范姜",
]);
// What follows a name in a byline: 王小明 教授, 陳大文博士.
const NAME_TITLE = /(?:教授|博士|老師|先生|女士|小姐|主任|經理|院長|校長|所長|董事長|總經理|律師|醫師|記者|編輯|同學)$/;
const NAME_PARTICLE = /^(?:van|von|de|da|del|der|den|du|le|la|di|bin|ibn|al|mc)$/;

/** The words a text writes in lowercase: a capitalised word it also uses this way is an ordinary word. */
export function ordinaryWordsOf(text: string): Set<string> {
  return new Set(text.match(/(?<!\p{L})\p{Ll}[\p{Ll}'’-]*/gu) ?? []);
}

/**
 * Whether a phrase standing alone is a person's name: two to four capitalised words none of which
 * the document uses as an ordinary word ("Thomas Leonard", not "Directory Layout"), or two to four
 * Chinese characters that start with a family name and say nothing else.
 */
export function looksLikePersonName(phrase: string, ordinaryWords: ReadonlySet<string>): boolean {
  const text = phrase.trim().replace(/[,，]?\s*(?:ph\.?d\.?|jr\.?|sr\.?|md|et al\.?)$/i, "");
  if (hasHan(text)) {
    const name = text.replace(/\s+/g, "").replace(NAME_TITLE, "");
    if (!/^\p{Script=Han}{2,4}$/u.test(name)) return false;
    // The dictionary keeps words whole (簡介, 高鐵, 方法) and cuts a name after its family name
    // (王|小明, 陳|大|文): a phrase that starts with a family name standing alone is a name.
    const first = segmenter.segment(name)[Symbol.iterator]().next().value?.segment ?? "";
    return first !== name && SURNAMES.has(first);
  }
  const words = text.split(/\s+/);
  if (words.length < 2 || words.length > 4) return false;
  if (!words.every((w) => /^(?:\p{Lu}[\p{Ll}'’-]+|\p{Lu}\.)$/u.test(w) || NAME_PARTICLE.test(w))) return false;
  return words.every((w) => w.length <= 2 || NAME_PARTICLE.test(w) || !ordinaryWords.has(w.toLowerCase()));
}

const QUOTED = /「[^」]*」|『[^』]*』|“[^”]*”|"[^"]*"/g;

/**
 * The language a question is written in, when it plainly is one: Chinese with Han characters
 * (more than a term's worth), English with two or more Latin words and no more Chinese than a
 * name. What it quotes does not count (「Recycling schedule」這節說明了什麼？ is Chinese). Null for
 * anything else ("API", "42", an empty turn), which the reader's language decides.
 */
export function questionLanguage(question: string): Locale | null {
  const own = question.replace(QUOTED, " ");
  const text = /[A-Za-z\p{Script=Han}]/u.test(own) ? own : question;
  if (isMostlyLatin(text)) return /[A-Za-z]+[^A-Za-z]+[A-Za-z]+/.test(text) ? "en" : null;
  return hasHan(text) ? "zh-TW" : null;
}
