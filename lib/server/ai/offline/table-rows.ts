import "server-only";
import type { Locale } from "@/lib/constants";

// Markdown tables in a passage (a .md upload's, a Word document's tables as ingestion writes them):
// which line is a table's header, which is its rule (| --- |), and which header each row comes
// under. A row alone ("| 商務車廂 | 2440 元 | 1100 元 |") answers nothing a reader can follow; with
// its header's labels ("臺北至左營：2440 元") it does, and the header's words (臺北, 左營) are what
// a question about the row asks with.

const ROW = /^\|.*\|$/;
const RULE = /^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?$/;

export interface TableLines {
  /** Per sentence: a table's body row (content, however short: not a heading). */
  readonly row: readonly boolean[];
  /** Per sentence: the header row a body row comes under, or -1 (none, or not a row). */
  readonly headerOf: readonly number[];
  /** Per sentence: a table's header or rule, never an answer by itself. */
  readonly structure: readonly boolean[];
}

/**
 * The tables among a passage's sentences (one per line inside a table), each in one paragraph:
 * a header row, its rule and the rows after them; or, without a rule, two or more rows in a row.
 */
export function tableLines(sentences: readonly string[], paragraphs: readonly number[]): TableLines {
  const n = sentences.length;
  const row = new Array<boolean>(n).fill(false);
  const headerOf = new Array<number>(n).fill(-1);
  const structure = new Array<boolean>(n).fill(false);
  const rowAt = (j: number, i: number) => j < n && paragraphs[j] === paragraphs[i] && ROW.test(sentences[j]);
  for (let i = 0; i < n; i++) {
    if (!ROW.test(sentences[i])) continue;
    let j = i + 1;
    if (RULE.test(sentences[i + 1] ?? "") && rowAt(i + 1, i)) {
      structure[i] = structure[i + 1] = true;
      for (j = i + 2; rowAt(j, i); j++) [row[j], headerOf[j]] = [true, i];
    } else if (rowAt(i + 1, i)) {
      for (j = i; rowAt(j, i) && !RULE.test(sentences[j]); j++) row[j] = true;
    }
    i = j - 1;
  }
  return { row, headerOf, structure };
}

/** A row's cells, trimmed ("\|" is a pipe inside a cell). */
export function cellsOf(row: string): string[] {
  return row
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

const JOIN = { "zh-TW": { label: "：", next: "；", end: "。" }, en: { label: ": ", next: "; ", end: "." } } as const;

/** A table row as a reader quotes it: each cell after its column's label, empty cells left out. Without a header, the cells in order. */
export function readRow(row: string, header: string | null, locale: Locale): string {
  const join = JOIN[locale];
  const labels = header === null ? [] : cellsOf(header);
  const pairs = cellsOf(row)
    .map((cell, i) => (cell === "" ? "" : labels[i] ? `${labels[i]}${join.label}${cell}` : cell))
    .filter(Boolean);
  return pairs.length === 0 ? "" : pairs.join(join.next) + join.end;
}

/** Whether a line is a table row (a body row, header or rule). */
export const isTableRow = (line: string) => ROW.test(line);
