import "server-only";
import { ENDS_SENTENCE, OPENS_MID_SENTENCE, PROSE_WIDTH, lineWidth } from "./worker/sentence-marks.mjs";

// Where a line break (or a page break) is a writer's wrap inside a sentence rather than an end: the
// offline model's sentence splitter (lib/server/ai/offline/sentences.ts) and the chunker, which
// keeps a sentence that runs on to the next page in one passage, decide it the same way.

// Where a line begins a block of its own: a heading, a list item, a quotation, a table row, a fence.
const BLOCK_START = /^(?:#|[-*+•]\s|\d{1,3}[.)、]\s?|>|\||```|~~~)/u;

/**
 * Whether the line break between `before` and `after` (both trimmed) is a writer's wrap inside a
 * sentence rather than an end: `before` is a long line that stops mid-sentence, and `after` goes
 * on (neither starts a block).
 */
export function isSoftWrap(before: string, after: string): boolean {
  if (before === "" || after === "" || BLOCK_START.test(after) || /^(?:#|>|\||```|~~~)/.test(before)) return false;
  // No sentence opens with a comma or a closing bracket: whatever the line before, this goes on
  // with it (a scanned page that begins 「，天特會議重申…」 carries on the last one's sentence).
  if (OPENS_MID_SENTENCE.test(after)) return true;
  // Words lined up in columns (a command and its comment, a plain-text table) are not prose.
  if (ALIGNED.test(before) || ALIGNED.test(after)) return false;
  // A line as wide as prose that stops mid-sentence was wrapped by its writer, as text and
  // Markdown files often are at 72–100 columns; a shorter one's break is an end.
  return lineWidth(before) >= PROSE_WIDTH && !ENDS_SENTENCE.test(before);
}

const ALIGNED = /\S {3,}\S/;

/**
 * Whether the blank line at a page break (a document's pages are joined by one, lib/server/ingest/
 * chunker.ts) is inside a sentence that runs on to the next page: the page's last line is a wrapped
 * line that stops mid-sentence, and the next page goes on with it.
 */
export function runsOnAcrossPage(before: string, after: string): boolean {
  const lastLine = before.trimEnd().split("\n").at(-1)!.trim();
  const firstLine = after.trimStart().split("\n")[0].trim();
  return isSoftWrap(lastLine, firstLine);
}

