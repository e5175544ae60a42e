// Markdown tables in a passage, one line per row: a .md upload's, or a Word document's tables as
// ingestion writes them (lib/server/ingest/worker/docx-tables.mjs). Read by the offline model, which
// quotes a row under its columns' labels (lib/server/ai/offline/table-rows.ts), and by the chat,
// which shows a cited passage's tables as tables rather than lines of pipes (components/chat/source-text.tsx).

const ROW = /^\|.*\|$/;
const RULE = /^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?$/;

export interface TableLayout {
  /** Per line: a table's body row. */
  readonly row: readonly boolean[];
  /** Per line: the header row a body row comes under, or -1 (none, or not a row). */
  readonly headerOf: readonly number[];
  /** Per line: a table's header or rule (| --- |). */
  readonly structure: readonly boolean[];
}

/**
 * The tables among trimmed lines: a header row, its rule and the rows after them; or, without a
 * rule, two or more rows in a row. `together(i, j)` says whether two lines may be of one table
 * (the offline model keeps a table within a paragraph).
 */
export function tableLayout(lines: readonly string[], together: (i: number, j: number) => boolean = () => true): TableLayout {
  const n = lines.length;
  const row = new Array<boolean>(n).fill(false);
  const headerOf = new Array<number>(n).fill(-1);
  const structure = new Array<boolean>(n).fill(false);
  const rowAt = (j: number, i: number) => j < n && together(i, j) && ROW.test(lines[j]);
  for (let i = 0; i < n; i++) {
    if (!ROW.test(lines[i])) continue;
    let j = i + 1;
    if (RULE.test(lines[i + 1] ?? "") && rowAt(i + 1, i)) {
      structure[i] = structure[i + 1] = true;
      for (j = i + 2; rowAt(j, i); j++) [row[j], headerOf[j]] = [true, i];
    } else if (rowAt(i + 1, i)) {
      for (j = i; rowAt(j, i) && !RULE.test(lines[j]); j++) row[j] = true;
    }
    i = j - 1;
  }
  return { row, headerOf, structure };
}

/** Whether a line is a table row (a body row, a header or a rule). */
export const isTableRow = (line: string) => ROW.test(line);

/** Whether a line is a table's rule under its header (| --- | :---: |). */
export const isTableRule = (line: string) => RULE.test(line);

/**
 * Whether the line starting at `at` in `text` begins as a table row: a sentence end inside it
 * (開車前可退票。) is a cell's, not the row's. Reads a few characters, not the line.
 */
export const startsTableRow = (text: string, at: number) => /^[^\S\n]*\|/.test(text.slice(at, at + 64));

/** A row's cells, trimmed ("\|" is a pipe inside a cell). */
export function tableCells(row: string): string[] {
  return row
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

export type TextBlock = { kind: "text"; text: string } | { kind: "table"; header: string[] | null; rows: string[][] };

/** A passage as runs of text and its tables, in order (the text keeps its own line breaks). */
export function tableBlocks(text: string): TextBlock[] {
  const lines = text.split("\n");
  const layout = tableLayout(lines.map((line) => line.trim()));
  const blocks: TextBlock[] = [];
  let plain: string[] = [];
  const flush = () => {
    if (plain.length > 0) blocks.push({ kind: "text", text: plain.join("\n") });
    plain = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const header = layout.structure[i] ? i : layout.row[i] ? -1 : null;
    if (header === null) {
      plain.push(lines[i]);
      continue;
    }
    flush();
    let j = header >= 0 ? i + 2 : i;
    const rows: string[][] = [];
    for (; j < lines.length && layout.row[j] && layout.headerOf[j] === header; j++) rows.push(tableCells(lines[j].trim()));
    blocks.push({ kind: "table", header: header >= 0 ? tableCells(lines[header].trim()) : null, rows });
    i = j - 1;
  }
  flush();
  return blocks;
}
