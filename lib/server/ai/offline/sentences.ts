import "server-only";

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
 * Where the sentences of a passage are, in order. A sentence ends after 。！？；, after . ! ?
 * followed by white space (so 3.5 stays whole), or at a line break; closing quotes and brackets
 * stay with it. A period after a lone capital is an initial (G. H. Hardy, U. S.), not an end, as
 * in the chunker.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let start = 0;
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
      cut(i + 1);
      continue;
    }
    const cjk = CJK_END.has(ch);
    if (!cjk && !LATIN_END.has(ch)) continue;
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

/** The sentences of a passage, trimmed, in order, each with its punctuation (see sentenceSpans). */
export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map((span) => text.slice(span.start, span.end));
}
