// A Word table as text. mammoth's raw text gives every cell's paragraphs as paragraphs of their
// own, so a fare table became "標準車廂", "1490 元", "700 元"… one after another, and no answer could
// say which figure belongs to which column. Written instead as a Markdown table, one line per row
// and the first row as its header, the offline model quotes a row under its columns' labels
// (lib/server/ai/offline/table-rows.ts) and a hosted model reads a table it knows. A table of
// one column is Word's way of drawing a box around text: its paragraphs stay paragraphs.

// A long table is written as blocks of rows, each a paragraph of its own under the header
// repeated, as a long sheet is (sheet-rows.mjs): lib/server/ingest/chunker.ts packs paragraphs up
// to 900 size units (a CJK character counting 2) and cuts a longer one anywhere between rows, so a
// block of at most this much is never cut and every passage of a 500-row table holds its labels.
export const TABLE_BLOCK_SIZE = 800;

/**
 * @param {string[][]} rows each cell's text with its paragraphs ended by blank lines, as raw text gives them
 * @returns {string} the table, ended by a blank line (as a paragraph is), or "" when it holds no text
 */
export function tableText(rows) {
  const kept = rows.filter((cells) => cells.some((cell) => cell.trim() !== ""));
  const width = Math.max(0, ...kept.map((cells) => cells.length));
  if (width < 2) return kept.map((cells) => cells.join("")).join("");
  /** @param {string[]} cells */
  const line = (cells) => `| ${Array.from({ length: width }, (_, i) => oneLine(cells[i] ?? "")).join(" | ")} |`;
  const head = `${line(kept[0])}\n| ${new Array(width).fill("---").join(" | ")} |`;
  const blocks = [];
  let block = head;
  let size = sizeOf(head);
  let rowsInBlock = 0;
  for (const cells of kept.slice(1)) {
    const row = line(cells);
    const rowSize = sizeOf(row) + 1;
    if (rowsInBlock > 0 && size + rowSize > TABLE_BLOCK_SIZE) {
      blocks.push(block);
      block = head;
      size = sizeOf(head);
      rowsInBlock = 0;
    }
    block += `\n${row}`;
    size += rowSize;
    rowsInBlock++;
  }
  blocks.push(block);
  return blocks.join("\n\n") + "\n\n";
}

/** Size in the chunker's units: a CJK character counts 2, any other 1. @param {string} text */
export function sizeOf(text) {
  let size = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    size += code >= 0xdc00 && code <= 0xdfff ? 0 : code >= 0x2e80 ? 2 : 1;
  }
  return size;
}

/** A cell on one line: its paragraphs and line breaks as spaces, a pipe kept as the cell's text. @param {string} cell */
function oneLine(cell) {
  return cell.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");
}
