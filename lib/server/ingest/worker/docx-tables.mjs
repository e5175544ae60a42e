// A Word table as text. mammoth's raw text gives every cell's paragraphs as paragraphs of their
// own, so a fare table became "標準車廂", "1490 元", "700 元"… one after another, and no answer could
// say which figure belongs to which column. Written instead as a Markdown table, one line per row
// and the first row as its header, the offline model quotes a row under its columns' labels
// (lib/server/ai/offline/table-rows.ts) and a hosted model reads a table it knows. A table of
// one column is Word's way of drawing a box around text: its paragraphs stay paragraphs.

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
  return [line(kept[0]), `| ${new Array(width).fill("---").join(" | ")} |`, ...kept.slice(1).map(line)].join("\n") + "\n\n";
}

/** A cell on one line: its paragraphs and line breaks as spaces, a pipe kept as the cell's text. @param {string} cell */
function oneLine(cell) {
  return cell.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");
}
