import "server-only";

export type PageText = { page: number | null; text: string };

export type Chunk = {
  ordinal: number;
  content: string;
  /** Offsets into fullText(pages): content === fullText(pages).slice(charStart, charEnd). */
  charStart: number;
  charEnd: number;
  pageStart: number | null;
  pageEnd: number | null;
};

export const PAGE_SEPARATOR = "\n\n";

/**
 * A chunk aims for CHUNK_TARGET_SIZE and never exceeds CHUNK_MAX_SIZE, in size units where a CJK
 * character counts CJK_CHAR_SIZE and any other character 1 (a Chinese character carries as much
 * as a few Latin letters). 900 keeps a chunk at about one encyclopedia paragraph in either language
 * (DRCD: 1046 chunks for 1000 paragraphs, SQuAD: 2126 for 2067). Smaller chunks cost recall on
 * SQuAD (recall@5 .937 at 900, .932 at 600, .923 at 400); larger ones gain only by merging
 * paragraphs, and give the answer step more text to sift. Measured with bench/retrieval-core.ts.
 */
export const CHUNK_TARGET_SIZE = 900;
export const CHUNK_MAX_SIZE = 1400;
export const CJK_CHAR_SIZE = 2;

/**
 * The text a document's chunk offsets index: its pages' texts joined with PAGE_SEPARATOR (a blank
 * line, so a page break is also a paragraph break). A single page is returned unchanged, so for a
 * plain-text file the offsets index the file's own text.
 */
export function fullText(pages: readonly PageText[]): string {
  return pages.map((p) => p.text).join(PAGE_SEPARATOR);
}

type Span = { start: number; end: number };

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const BLANK_LINE = /\n[^\S\n]*\n\s*/g;
// A sentence ends after Chinese 。！？； (or a run of them), or after . ! ? followed by whitespace,
// taking any closing quotes or brackets with it; a line break also ends one. A period after a lone
// capital (U.S.A., J. R. R.) marks an initial, not a sentence end.
const SENTENCE_END = /[。！？；]+[」』”’"')）\]]*|(?:[!?]+|(?<!(?:^|[^\p{L}])\p{Lu})\.+)[”’"')\]]*(?=\s)|\n/gu;
const SOFT_BREAK = /[\s，、,:：]/;

/**
 * Splits a document into chunks: paragraphs (separated by blank lines) are packed together up to
 * the target size; a paragraph larger than the maximum is split at sentence ends, and a sentence
 * larger than the maximum at the last space or comma before the limit.
 */
export function chunkDocument(input: { pages: readonly PageText[] }): Chunk[] {
  const text = fullText(input.pages);
  const sizes = prefixSizes(text);
  const size = (s: Span) => sizes[s.end] - sizes[s.start];

  const units: Span[] = [];
  for (const paragraph of paragraphs(text)) {
    if (size(paragraph) <= CHUNK_MAX_SIZE) units.push(paragraph);
    else for (const piece of splitLongParagraph(text, paragraph, sizes)) units.push(piece);
  }

  const spans: Span[] = [];
  for (const unit of units) {
    const last = spans[spans.length - 1];
    if (last && sizes[unit.end] - sizes[last.start] <= CHUNK_TARGET_SIZE) last.end = unit.end;
    else spans.push({ ...unit });
  }

  const pageStarts = pageOffsets(input.pages);
  return spans.map((s, ordinal) => ({
    ordinal,
    content: text.slice(s.start, s.end),
    charStart: s.start,
    charEnd: s.end,
    pageStart: pageAt(input.pages, pageStarts, s.start),
    pageEnd: pageAt(input.pages, pageStarts, s.end - 1),
  }));
}

/** Size of a text in chunk size units (see CJK_CHAR_SIZE). */
export function textSize(text: string): number {
  return prefixSizes(text)[text.length];
}

/** sizes[i] = size units of text[0..i). */
function prefixSizes(text: string): Float64Array {
  const sizes = new Float64Array(text.length + 1);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Surrogate pairs: the high half carries the character's weight, the low half none.
    const weight = code >= 0xdc00 && code <= 0xdfff ? 0 : code >= 0x2e80 && isCjkAt(text, i) ? CJK_CHAR_SIZE : 1;
    sizes[i + 1] = sizes[i] + weight;
  }
  return sizes;
}

function isCjkAt(text: string, i: number): boolean {
  const cp = text.codePointAt(i)!;
  return CJK_CHAR.test(String.fromCodePoint(cp));
}

/** Maximal runs of text between blank lines, trimmed of surrounding whitespace. */
function paragraphs(text: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const push = (s: number, e: number) => {
    const span = trim(text, s, e);
    if (span) out.push(span);
  };
  for (const match of text.matchAll(BLANK_LINE)) {
    push(start, match.index);
    start = match.index + match[0].length;
  }
  push(start, text.length);
  return out;
}

function trim(text: string, start: number, end: number): Span | null {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return start < end ? { start, end } : null;
}

/** Sentences packed into pieces of about equal size, each at most CHUNK_TARGET_SIZE when possible. */
function splitLongParagraph(text: string, paragraph: Span, sizes: Float64Array): Span[] {
  const sentences: Span[] = [];
  let start = paragraph.start;
  const body = text.slice(paragraph.start, paragraph.end);
  for (const match of body.matchAll(SENTENCE_END)) {
    const end = paragraph.start + match.index + match[0].length;
    const sentence = trim(text, start, end);
    if (sentence) hardSplit(text, sentence, sizes, sentences);
    start = end;
  }
  const tail = trim(text, start, paragraph.end);
  if (tail) hardSplit(text, tail, sizes, sentences);

  const total = sizes[paragraph.end] - sizes[paragraph.start];
  const pieceSize = Math.min(CHUNK_TARGET_SIZE, total / Math.ceil(total / CHUNK_TARGET_SIZE));
  const pieces: Span[] = [];
  for (const sentence of sentences) {
    const last = pieces[pieces.length - 1];
    if (last && sizes[sentence.end] - sizes[last.start] <= pieceSize * 1.1) last.end = sentence.end;
    else pieces.push({ ...sentence });
  }
  return pieces;
}

/** Appends the span to `out`; beyond CHUNK_MAX_SIZE, cut at the last space or comma before the target size. */
function hardSplit(text: string, span: Span, sizes: Float64Array, out: Span[]): void {
  let start = span.start;
  while (sizes[span.end] - sizes[start] > CHUNK_MAX_SIZE) {
    // A low surrogate weighs 0, so `limit` never stops between the two halves of a pair.
    let limit = start;
    while (limit < span.end && sizes[limit + 1] - sizes[start] <= CHUNK_TARGET_SIZE) limit++;
    let cut = limit;
    const floor = start + Math.floor((limit - start) / 2);
    while (cut > floor && !SOFT_BREAK.test(text[cut - 1])) cut--;
    if (cut <= floor) cut = limit;
    const piece = trim(text, start, cut);
    if (piece) out.push(piece);
    start = cut;
  }
  const rest = trim(text, start, span.end);
  if (rest) out.push(rest);
}

function pageOffsets(pages: readonly PageText[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const p of pages) {
    starts.push(offset);
    offset += p.text.length + PAGE_SEPARATOR.length;
  }
  return starts;
}

function pageAt(pages: readonly PageText[], starts: readonly number[], offset: number): number | null {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return pages[lo]?.page ?? null;
}
