import "server-only";
import { headingShaped, type DocumentText } from "./document-text";
import { ENGLISH_COMMON, hasHan, isByline, isPageFurniture, looksLikeCodeOrTable, looksLikePersonName } from "./text-shapes";

// A document's headings, numbering taken off, each with its section: never a running header, a
// byline's name, a part every document has (Introduction, 目錄) or a line cut at a page break.

// Section numbers before a heading: "2.12.", "IV.", "第三章", "一、", "(2)", "Chapter 4:".
const SECTION_NUMBER = /^(?:(?:chapter|section|part|appendix)\s+[\dIVXivx]+[.:]?\s+|\d+(?:\.\d+)*\.?\s+|[IVX]+\.\s+|[A-Z]\.\s+|第[\d一二三四五六七八九十百]+[章節篇部條]\s*|[一二三四五六七八九十]+[、.]\s*|[（(][\d一二三四五六七八九十]+[)）]\s*)/i;
// Headings every document may have: they name a part, not a topic.
const GENERIC_HEADING =
  /^(?:introduction|overview|summary|conclusions?|background|references|bibliography|abstract|appendix|appendices|acknowledge?ments|contents|index|glossary|preface|foreword|notes|version|history|前言|序言?|摘要|結論|結語|參考文獻|參考資料|附錄|致謝|目錄|索引|版本|簡介|說明|附註|備註)$/i;
// The words English headings cut at a page break end with ("… found in a").
const DANGLING = /\s(?:the|a|an|of|to|in|on|at|by|for|with|from|and|or|is|are|was|were|as|that|which)$/i;

function headingOf(line: string, ordinaryWords: ReadonlySet<string>): string | null {
  const phrase = line.replace(SECTION_NUMBER, "").trim();
  if (phrase.length < 2 || GENERIC_HEADING.test(phrase) || isPageFurniture(phrase) || looksLikeCodeOrTable(phrase) || looksLikePersonName(phrase, ordinaryWords)) return null;
  if (hasHan(phrase)) return (phrase.match(/\p{Script=Han}/gu)?.length ?? 0) >= 2 ? phrase : null;
  // English headings start with a capital, say something, and are not shouted or cut short.
  if (!/^\p{Lu}/u.test(phrase) || !/\p{Ll}/u.test(phrase) || DANGLING.test(phrase)) return null;
  return phrase.split(/\s+/).some((w) => w.length >= 3 && !ENGLISH_COMMON.has(w.toLowerCase())) ? phrase : null;
}

// How much of a section is kept to check that an answer comes from it.
const SECTION_MAX_CHARS = 2_000;

/** The headings, each with its section: the heading and what follows up to the next one in the passage. */
export function headingsOf(doc: DocumentText, ordinaryWords: ReadonlySet<string>): { heading: string; section: string }[] {
  const out: { heading: string; section: string }[] = [];
  const isHeading = (line: string) => (doc.counts.get(line) ?? 0) < 2 && headingShaped(line);
  for (const lines of doc.passages) {
    lines.forEach((line, i) => {
      if (!isHeading(line)) return;
      // The line after "by" or 作者 is the author.
      if (i > 0 && isByline(lines[i - 1])) return;
      const heading = headingOf(line, ordinaryWords);
      if (!heading || out.some((h) => h.heading.toLowerCase() === heading.toLowerCase())) return;
      const next = lines.findIndex((l, j) => j > i && isHeading(l));
      out.push({ heading, section: lines.slice(i, next < 0 ? undefined : next).join("\n").slice(0, SECTION_MAX_CHARS) });
    });
  }
  return out;
}
