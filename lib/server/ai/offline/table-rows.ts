import "server-only";
import type { Locale } from "@/lib/constants";
import { tableCells, tableLayout, type TableLayout } from "@/lib/chat/markdown-table";

// A table's row alone ("| 商務車廂 | 2440 元 | 1100 元 |") answers nothing a reader can follow;
// with its header's labels ("臺北至左營：2440 元") it does, and the header's words (臺北, 左營) are
// what a question about the row asks with (lib/chat/markdown-table.ts finds the tables).

/** The tables among a passage's sentences (one per line inside a table), each within one paragraph. */
export function tableLines(sentences: readonly string[], paragraphs: readonly number[]): TableLayout {
  return tableLayout(sentences, (i, j) => paragraphs[i] === paragraphs[j]);
}

const JOIN = { "zh-TW": { label: "：", next: "；", end: "。" }, en: { label: ": ", next: "; ", end: "." } } as const;

/** A table row as a reader quotes it: each cell after its column's label, empty cells left out. Without a header, the cells in order. */
export function readRow(row: string, header: string | null, locale: Locale): string {
  const join = JOIN[locale];
  const labels = header === null ? [] : tableCells(header);
  const pairs = tableCells(row)
    .map((cell, i) => (cell === "" ? "" : labels[i] ? `${labels[i]}${join.label}${cell}` : cell))
    .filter(Boolean);
  return pairs.length === 0 ? "" : pairs.join(join.next) + join.end;
}
