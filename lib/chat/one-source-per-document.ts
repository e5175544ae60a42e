import type { MessageSource } from "./message-types";

// A reply quoting two passages of one file cites it once: one chip per document, numbered by its
// first citation and spanning the pages of every passage quoted from it, so a reader never sees
// [1] and [2] of the same file and wonders what differs.

const CITATION = /\[(\d{1,2})\]/g;

/**
 * Merges the sources of one document (first cited first) and renumbers the reply's citations to
 * match, dropping a citation that would repeat the one just before it.
 */
export function oneSourcePerDocument(text: string, sources: readonly MessageSource[]): { text: string; sources: MessageSource[] } {
  const merged: MessageSource[] = [];
  const renumber = new Map<number, number>();
  for (const source of [...sources].sort((a, b) => a.n - b.n)) {
    const kept = merged.find((m) => m.documentId === source.documentId);
    if (!kept) {
      merged.push({ ...source });
      continue;
    }
    renumber.set(source.n, kept.n);
    if (source.page !== null) {
      const end = source.pageEnd ?? source.page;
      kept.page = kept.page === null ? source.page : Math.min(kept.page, source.page);
      kept.pageEnd = Math.max(kept.pageEnd ?? kept.page, end);
    }
    if (!kept.quote.includes(source.quote)) kept.quote = `${kept.quote}\n\n${source.quote}`;
  }
  if (renumber.size === 0) return { text, sources: merged };
  const renumbered = text
    .replace(CITATION, (whole, n: string) => (renumber.has(Number(n)) ? `[${renumber.get(Number(n))}]` : whole))
    .replace(/\[(\d{1,2})\](\s*)\[\1\]/g, "[$1]");
  return { text: renumbered, sources: merged };
}
