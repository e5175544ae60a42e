import "server-only";
import { pagesOfSpan, type PagedPassage, type PageRange } from "@/lib/server/ingest/page-breaks";

const CITATION = /\[\d{1,2}\]/g;
const WHITE_SPACE = /\s/;

/**
 * The page or pages a reply's citation [n] points at: those of the passage text it quotes on its
 * "> … [n]" lines, found in the passage whatever the spacing between sentences. A reply that cites
 * the passage without quoting it, or quotes it in other words, points at the passage's whole range.
 */
export function citedPages(reply: string, n: number, passage: PagedPassage & { content: string }): PageRange {
  const whole = { page: passage.page, pageEnd: passage.pageEnd ?? passage.page };
  // Only a passage over a page break with known break offsets has a page to choose.
  if (passage.page === null || whole.pageEnd === passage.page || !passage.pageBreaks?.length) return whole;
  const marker = `[${n}]`;
  let start = Infinity;
  let end = -Infinity;
  let compact: Compacted | null = null;
  for (const line of reply.split("\n")) {
    if (!line.startsWith(">") || !line.includes(marker)) continue;
    compact ??= compacted(passage.content);
    const span = locate(compact, line.slice(1).replace(CITATION, ""));
    if (!span) continue;
    start = Math.min(start, span.start);
    end = Math.max(end, span.end);
  }
  return start <= end ? pagesOfSpan(passage, start, end) : whole;
}

interface Compacted {
  text: string;
  /** For each character of `text`, where it is in the original. */
  at: number[];
}

function compacted(text: string): Compacted {
  let out = "";
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (WHITE_SPACE.test(text[i])) continue;
    out += text[i];
    at.push(i);
  }
  return { text: out, at };
}

function locate(content: Compacted, quote: string): { start: number; end: number } | null {
  const needle = compacted(quote).text;
  if (needle === "") return null;
  const found = content.text.indexOf(needle);
  if (found < 0) return null;
  return { start: content.at[found], end: content.at[found + needle.length - 1] + 1 };
}
