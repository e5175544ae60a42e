// A sheet's rows (an Excel worksheet, a CSV file) as text: Markdown tables under the sheet's
// header row, as a Word table's rows are written (docx-tables.mjs), so the offline model quotes a
// row under its columns' labels (lib/server/ai/offline/table-rows.ts) and a hosted model reads a
// table it knows. A long sheet is written as blocks of rows, each a paragraph of its own that
// starts with the sheet's name and repeats the header: a passage cut from the middle of a
// 100,000-row sheet still says which sheet it is from and what each column means.
import { sizeOf, tableText } from "./docx-tables.mjs";

// A block stays within one passage: lib/server/ingest/chunker.ts packs paragraphs up to 900 size
// units (a CJK character counting 2), so a block of at most this much is never cut, and a
// passage is one block, or a few small ones.
export const BLOCK_SIZE = 800;
// Rows of one filled cell above the header (a title, a date line) are kept as lines of text.
const MAX_TITLE_ROWS = 5;

/** @typedef {[column: number, text: string][]} SparseRow the row's filled cells, by column */

export class SheetText {
  /**
   * @param {string | null} name the sheet's name, written first in each block (null: a CSV file, which has one)
   * @param {(text: string) => void} onBlock receives each block of rows as it is complete
   */
  constructor(name, onBlock) {
    this.name = name;
    this.onBlock = onBlock;
    /** @type {SparseRow | null} */
    this.header = null;
    /** @type {string[]} */
    this.titles = [];
    /** @type {SparseRow[]} */
    this.rows = [];
    this.size = 0;
    this.headerSize = 0;
    this.rowCount = 0;
  }

  /** @param {SparseRow} row */
  add(row) {
    const filled = row.filter(([, text]) => text.trim() !== "");
    if (filled.length === 0) return;
    if (this.header === null) {
      if (filled.length === 1 && this.titles.length < MAX_TITLE_ROWS) {
        this.titles.push(oneLine(filled[0][1]));
        return;
      }
      this.header = filled;
      this.headerSize = sizeOf(filled.map(([, text]) => text).join(" | ")) + 8 * filled.length;
      return;
    }
    const rowSize = sizeOf(filled.map(([, text]) => text).join(" | ")) + 4 * Math.max(filled.length, this.header.length);
    if (this.headerSize + rowSize > BLOCK_SIZE && filled.length > 2) {
      if (this.rows.length > 0) this.flush();
      this.wide(filled);
      this.rowCount++;
      return;
    }
    if (this.rows.length > 0 && this.headerSize + this.size + rowSize > BLOCK_SIZE) this.flush();
    this.rows.push(filled);
    this.size += rowSize;
    this.rowCount++;
  }

  /** Writes what is left; true when the sheet had any text at all. */
  finish() {
    if (this.header === null && this.titles.length > 0) {
      // Nothing but single cells: they are the sheet's text.
      this.emit(this.titles.join("\n"));
      return true;
    }
    if (this.header !== null) this.flush(true);
    return this.header !== null;
  }

  /**
   * A row too wide for one passage under its header (a survey's answers under its questions): its
   * cells in groups of columns, each a table of its own that starts with the row's first cell, so
   * every part of the row is still read under its labels and says whose row it is.
   * @param {SparseRow} row
   */
  wide(row) {
    const labels = new Map(/** @type {SparseRow} */ (this.header));
    const label = (/** @type {number} */ column) => labels.get(column) ?? "";
    const [key, ...rest] = row;
    // A column costs its label, its value and the rule's "| --- " besides: 12 characters of pipes and spaces.
    const keySize = sizeOf(label(key[0]) + key[1]) + 12 + (this.name === null ? 0 : sizeOf(this.name) + 1);
    /** @type {SparseRow[]} */
    const groups = [[]];
    let size = keySize;
    for (const cell of rest) {
      const cellSize = sizeOf(label(cell[0]) + cell[1]) + 12;
      if (groups[groups.length - 1].length > 0 && size + cellSize > BLOCK_SIZE) {
        groups.push([]);
        size = keySize;
      }
      groups[groups.length - 1].push(cell);
      size += cellSize;
    }
    for (const group of groups) {
      const cells = [key, ...group];
      const table = tableText([cells.map(([column]) => label(column)), cells.map(([, text]) => text)]).trimEnd();
      this.emit([...this.titles, table].join("\n"));
      this.titles = [];
    }
  }

  /** @param {boolean} [last] */
  flush(last = false) {
    // With no rows left, only a sheet that had none at all is written (its header is its text).
    if (this.header === null || (this.rows.length === 0 && (!last || this.rowCount > 0) && this.titles.length === 0)) return;
    const header = /** @type {SparseRow} */ (this.header);
    // Only the columns something in this block fills: a stray cell far to the right (or a sheet
    // that declares 16,384 columns) does not make every row a line of empty cells.
    const columns = [...new Set([...header, ...this.rows.flat()].map(([column]) => column))].sort((a, b) => a - b);
    /** @param {SparseRow} row */
    const cells = (row) => {
      const byColumn = new Map(row);
      return columns.map((column) => byColumn.get(column) ?? "");
    };
    const table = columns.length >= 2 ? tableText([cells(header), ...this.rows.map(cells)]).trimEnd() : [header, ...this.rows].map((row) => oneLine(row[0][1])).join("\n");
    this.emit([...this.titles, table].join("\n"));
    // Titles go with the first block only.
    this.titles = [];
    this.rows = [];
    this.size = 0;
  }

  /** @param {string} body */
  emit(body) {
    this.onBlock(this.name === null ? body : `${oneLine(this.name)}\n${body}`);
  }
}

/** @param {string} text */
function oneLine(text) {
  return text.replace(/\s+/g, " ").trim();
}
