import { isTableRow, isTableRule } from "@/lib/chat/markdown-table";

// A .md or .txt file is stored and cut as written (its offsets must index the file), so a long
// Markdown table in it is one paragraph that the chunker cuts between rows, and only the first
// passage holds the header. Word, HTML, PDF and sheet tables are written with their header
// repeated over blocks of rows instead (worker/docx-tables.mjs); this is the same labels for
// tables that cannot be rewritten.

/**
 * Where each body row of the paragraph's Markdown tables begins (its first non-blank character)
 * → that table's header and rule lines, as written. One pass over the paragraph.
 */
export function tableHeadersOf(paragraph: string): Map<number, string> {
  const headers = new Map<number, string>();
  let header: string | null = null;
  let previous: { start: number; line: string } | null = null;
  let at = 0;
  while (at <= paragraph.length) {
    const newline = paragraph.indexOf("\n", at);
    const end = newline === -1 ? paragraph.length : newline;
    const raw = paragraph.slice(at, end);
    const line = raw.trim();
    const start = at + (raw.length - raw.trimStart().length);
    if (isTableRule(line) && previous && isTableRow(previous.line)) {
      // A rule starts a table, even right under another one's rows.
      headers.delete(previous.start);
      header = `${previous.line}\n${line}`;
    } else if (header !== null && isTableRow(line) && !isTableRule(line)) {
      headers.set(start, header);
    } else if (!isTableRow(line)) {
      header = null;
    }
    previous = { start, line };
    if (newline === -1) break;
    at = newline + 1;
  }
  return headers;
}

/** A passage as it is read, embedded and indexed: a table's header before the rows cut from it. */
export const passageText = (chunk: { content: string; tableHeader?: string | null }) => (chunk.tableHeader ? `${chunk.tableHeader}\n${chunk.content}` : chunk.content);
