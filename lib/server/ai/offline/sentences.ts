import "server-only";
import { startsTableRow } from "@/lib/chat/markdown-table";
import { hasHan } from "./text-shapes";
import { isSoftWrap } from "@/lib/server/ingest/line-wraps";

const FENCE = /^(?:```|~~~)/;

const CJK_END = new Set(["。", "！", "？", "；"]);
const LATIN_END = new Set([".", "!", "?"]);
const CLOSERS = new Set(["」", "』", "”", "’", '"', "'", ")", "）", "]"]);
const UPPER = /\p{Lu}/u;
const LETTER = /\p{L}/u;

export interface SentenceSpan {
  /** Offsets into the text given: text.slice(start, end) is the sentence, trimmed. */
  start: number;
  end: number;
}

/**
 * The text of a sentence as one line: a writer's wraps become a space between words and nothing
 * between Chinese characters.
 */
export function unwrapped(sentence: string): string {
  return sentence.replace(/[^\S\n]*\n\s*/g, (gap, at: number) => (hasHan(sentence[at - 1] ?? "") && hasHan(sentence[at + gap.length] ?? "") ? "" : " "));
}

/**
 * Where the sentences of a passage are, in order. A sentence ends after 。！？；, after . ! ?
 * followed by white space (so 3.5 stays whole), or at a line break that is not a writer's wrap
 * (isSoftWrap); closing quotes and brackets stay with it. A period after a lone capital is an
 * initial (G. H. Hardy, U. S.), not an end, as in the chunker. `runOn`: blank-line gaps (start
 * and end offsets) that are no break at all, such as a page break inside a sentence.
 */
export function sentenceSpans(text: string, runOn: readonly { start: number; end: number }[] = []): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let start = 0;
  let lineStart = 0;
  let inFence = false;
  // A table row is one sentence whatever its cells hold (開車前可退票。手續費 20 元。).
  let inRow = startsTableRow(text, 0);
  const cut = (end: number) => {
    let from = start;
    let to = end;
    while (from < to && /\s/.test(text[from])) from++;
    while (to > from && /\s/.test(text[to - 1])) to--;
    if (from < to) out.push({ start: from, end: to });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") {
      const gap = runOn.find((g) => i >= g.start && i < g.end);
      if (gap) {
        // The sentence runs on (runsOnAcrossPage said so): past the blank line, as one wrapped line.
        lineStart = gap.end;
        i = gap.end - 1;
        continue;
      }
      const line = text.slice(lineStart, i).trim();
      lineStart = i + 1;
      const nextEnd = text.indexOf("\n", lineStart);
      // Inside a fenced code block every line is its own.
      if (FENCE.test(line)) inFence = !inFence;
      if (inFence || !isSoftWrap(line, text.slice(lineStart, nextEnd === -1 ? text.length : nextEnd).trim())) cut(i + 1);
      inRow = startsTableRow(text, lineStart);
      continue;
    }
    const cjk = CJK_END.has(ch);
    if ((!cjk && !LATIN_END.has(ch)) || inRow) continue;
    if (ch === "." && i > 0 && UPPER.test(text[i - 1]) && (i === 1 || !LETTER.test(text[i - 2]))) continue;
    let end = i + 1;
    while (end < text.length && (CJK_END.has(text[end]) || LATIN_END.has(text[end]) || CLOSERS.has(text[end]))) end++;
    if (cjk || end === text.length || /\s/.test(text[end])) {
      cut(end);
      i = end - 1;
    }
  }
  cut(text.length);
  return out;
}

/** The sentences of a passage, trimmed and on one line, in order, each with its punctuation (see sentenceSpans). */
export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map((span) => unwrapped(text.slice(span.start, span.end)));
}
