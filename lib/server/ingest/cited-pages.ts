import "server-only";
import { pagesOfSpan, type PagedPassage, type PageRange } from "@/lib/server/ingest/page-breaks";
import { isTableRow, tableCells } from "@/lib/chat/markdown-table";

const CITATION = /\[\d{1,2}\]/g;
const WHITE_SPACE = /\s/;

/**
 * The page or pages a reply's citation [n] points at: those of the passage text it quotes on its
 * "> … [n]" lines, found in the passage whatever the spacing between sentences. A reply that cites
 * the passage without quoting it, or quotes it in other words, points at the passage's whole range.
 * A table row is quoted under its columns' labels ("分店：板橋店；電話：02-2960-5678。"), not as its
 * line of cells: it is found by its cells.
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
    const quote = line.slice(1).replace(CITATION, "");
    const span = locate(compact, quote) ?? locateRow(passage.content, quote);
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

/**
 * The table row of the content whose filled cells all appear, in order, in a quote that reads the
 * row under its labels (lib/server/ai/offline/table-rows.ts); the row with the most cells wins.
 */
function locateRow(content: string, quote: string): { start: number; end: number } | null {
  const said = compacted(quote).text;
  let best: { start: number; end: number; cells: number } | null = null;
  let offset = 0;
  for (const line of content.split("\n")) {
    const start = offset;
    offset += line.length + 1;
    if (!isTableRow(line.trim())) continue;
    const cells = tableCells(line.trim()).map((cell) => compacted(cell).text).filter((cell) => cell !== "" && !/^:?-{3,}:?$/.test(cell));
    if (cells.length === 0 || (best && best.cells >= cells.length)) continue;
    let at = 0;
    const inOrder = cells.every((cell) => {
      const found = said.indexOf(cell, at);
      at = found + cell.length;
      return found >= 0;
    });
    if (inOrder) best = { start, end: start + line.length, cells: cells.length };
  }
  return best && { start: best.start, end: best.end };
}
