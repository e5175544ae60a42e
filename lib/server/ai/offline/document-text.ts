import "server-only";
import { HAN_WORD, hasHan, isPageFurniture, looksLikeCodeOrTable } from "./text-shapes";

// A document as the suggested questions read it: its title, and its passages' lines, with the
// running text told apart from headings, tables, code and page furniture.

const segmenter = new Intl.Segmenter("zh-Hant", { granularity: "word" });
const HEADING_MAX_CJK = 24;
const HEADING_MAX_LATIN = 70;
// File names that are not titles: scan_001, IMG_2024, document (1), notes, 新文件.
const UNTITLED = /^(?:scan|img|image|document|doc|file|untitled|new|notes?|readme|draft|temp|tmp|copy|test|sample|新文件|未命名|文件)?[\s_\-()（）\d]*$/i;
const TERMINAL = /[。！？；：:.!?;,，、」』）)]$/u;

export interface DocumentText {
  title: string | null;
  /** Per passage, its lines. */
  passages: string[][];
  /** How often each line occurs, in these passages and the others read for comparison. */
  counts: Map<string, number>;
  /** Per passage, its lines of running text (not headings, tables, code or furniture). */
  prose: string[][];
}

function titleOf(documentName: string | undefined): string | null {
  if (!documentName) return null;
  const title = documentName.replace(/\.[a-z0-9]{1,5}$/i, "").replace(/_+/g, " ").trim();
  if (title.length < 2 || UNTITLED.test(title) || looksLikeCodeOrTable(title)) return null;
  // "en.docx", "v2.pdf": a code, not a title.
  if (!hasHan(title) && (title.match(/\p{L}/gu)?.length ?? 0) < 3) return null;
  // A slug is a file name, not a title: shared-mime-info-spec.
  if (!/\s/.test(title) && (title.match(/[-.]/g)?.length ?? 0) >= 2) return null;
  return hasHan(title) ? (title.length <= HEADING_MAX_CJK ? title : null) : title.length <= HEADING_MAX_LATIN ? title : null;
}

function cleanLine(line: string): string {
  return line.replace(/^\uFEFF/, "").replace(/^#+\s*/, "").replace(/\s+/g, " ").trim();
}

/** A line shaped like a heading: short, unpunctuated, neither a list item nor "label: value". */
export function headingShaped(line: string): boolean {
  if (line.length < 2 || TERMINAL.test(line) || /^\d+$/.test(line)) return false;
  if (/^(?:[-*•+▪◦·]|\d+[)、])\s*/.test(line) || /[:：]\s*\S/.test(line)) return false;
  return hasHan(line) ? line.length <= HEADING_MAX_CJK : line.length <= HEADING_MAX_LATIN && line.split(/\s+/).length <= 8;
}

const linesOf = (content: string) => content.split(/\n+/).map(cleanLine).filter(Boolean);

/** `elsewhere`: other passages of the document, read only to recognise running headers. */
export function readDocument(documentName: string | undefined, contents: readonly string[], elsewhere: readonly string[]): DocumentText {
  const perPassage = contents.map(linesOf);
  const counts = new Map<string, number>();
  for (const line of [...perPassage.flat(), ...elsewhere.flatMap(linesOf)]) counts.set(line, (counts.get(line) ?? 0) + 1);
  // A short line met again is a running header or footer.
  const repeated = (line: string) => (counts.get(line) ?? 0) >= 2 && line.length <= HEADING_MAX_LATIN;
  const prose = perPassage.map((passage) => passage.filter((line) => !repeated(line) && !headingShaped(line) && !isPageFurniture(line) && !looksLikeCodeOrTable(line)));
  const title = titleOf(documentName);
  return { title: title && asWrittenInText(title, [...contents, ...elsewhere]), passages: perPassage, counts, prose };
}

/**
 * A Chinese title the way the document writes it: a file named in simplified characters (疏勒县,
 * 国际联盟) over a text in traditional ones (疏勒縣是…, 國際聯盟，簡稱…) is asked about in the
 * text's characters, which retrieval finds. Taken from where a passage begins, when it has the
 * title's length, shares a character with it at the same place, and ends where a word ends
 * (現代時期 does not give 現代時 for 現代史).
 */
function asWrittenInText(title: string, passages: readonly string[]): string {
  if (!hasHan(title) || passages.some((p) => p.includes(title))) return title;
  const chars = [...title];
  for (const passage of passages) {
    const opening = passage.replace(/^[\s《「『【（(]+/u, "").slice(0, title.length + 12);
    const start = [...opening].slice(0, chars.length);
    const aligned = start.length === chars.length && start.every((c, i) => (HAN_WORD.test(c) && HAN_WORD.test(chars[i])) || c === chars[i]);
    if (!aligned || !start.some((c, i) => c === chars[i])) continue;
    const candidate = start.join("");
    const wordEnds = [...segmenter.segment(opening)].some(({ index, segment }) => index + segment.length === candidate.length);
    if (wordEnds) return candidate;
  }
  return title;
}
