import "server-only";

const CJK_END = new Set(["。", "！", "？", "；"]);
const LATIN_END = new Set([".", "!", "?"]);
const CLOSERS = new Set(["」", "』", "”", "’", '"', "'", ")", "）", "]"]);

/**
 * The sentences of a passage, trimmed, in order, each with its punctuation. A sentence ends after
 * 。！？；, after . ! ? followed by white space (so 3.5 and U.S. stay whole), or at a line break;
 * closing quotes and brackets stay with it.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const cut = (end: number) => {
    const sentence = text.slice(start, end).trim();
    if (sentence) out.push(sentence);
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
