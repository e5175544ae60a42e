import "server-only";
import { startsTableRow } from "@/lib/chat/markdown-table";
import { tableHeadersOf } from "./table-headers";
import { runsOnAcrossPage } from "./line-wraps";

export type PageText = { page: number | null; text: string };

export type Chunk = {
  ordinal: number;
  content: string;
  /** Offsets into fullText(pages): content === fullText(pages).slice(charStart, charEnd). */
  charStart: number;
  charEnd: number;
  pageStart: number | null;
  pageEnd: number | null;
  /** Where in `content` pages pageStart + 1 … pageEnd begin (empty within one page): a quote cites its own page. */
  pageBreaks: number[];
  /**
   * A passage that starts among the body rows of a Markdown table cut over passages (a .md or
   * .txt file's, kept as written): that table's header and rule lines, so its rows can be read
   * under their labels (retrieve-passages.ts puts them before the content). Null otherwise.
   */
  tableHeader: string | null;
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

/** A unit (paragraph or piece of one) or a chunk being packed, with sizes as document-wide prefix sums. */
type SizedSpan = Span & { startSize: number; endSize: number; tableHeader?: string | null };

/**
 * Splits a document into chunks: paragraphs (separated by blank lines) are packed together up to
 * the target size; a paragraph larger than the maximum is split at sentence ends, and a sentence
 * larger than the maximum at the last space or comma before the limit.
 */
export function chunkDocument(input: { pages: readonly PageText[] }): Chunk[] {
  const stream = new ChunkStream();
  const chunks: Chunk[] = [];
  for (const page of input.pages) chunks.push(...stream.addPage(page));
  chunks.push(...stream.finish());
  return chunks;
}

/**
 * chunkDocument() page by page, for documents still being parsed: each page returns the chunks
 * that can no longer change, and finish() the rest. The chunks are exactly chunkDocument()'s,
 * because a page break is a blank line (no paragraph spans pages) and packing decides a chunk's
 * end from the next paragraph alone.
 */
export class ChunkStream {
  // The document's text from `textBase` on; the part before the open chunk is dropped as it goes.
  private text = "";
  private textBase = 0;
  private nextOffset = 0;
  private nextSize = 0;
  private readonly pageStarts: number[] = [];
  private readonly pageNumbers: (number | null)[] = [];
  private open: SizedSpan | null = null;
  private ordinal = 0;

  addPage(page: PageText): Chunk[] {
    const separator = this.pageStarts.length > 0 ? PAGE_SEPARATOR : "";
    const base = this.nextOffset + separator.length;
    const sizeBase = this.nextSize + textSize(separator);
    this.pageStarts.push(base);
    this.pageNumbers.push(page.page);
    this.text += separator + page.text;
    const sizes = prefixSizes(page.text);
    this.nextOffset = base + page.text.length;
    this.nextSize = sizeBase + sizes[page.text.length];

    const closed: Chunk[] = [];
    const global = (s: Span & { tableHeader?: string | null }): SizedSpan => ({ start: base + s.start, end: base + s.end, startSize: sizeBase + sizes[s.start], endSize: sizeBase + sizes[s.end], tableHeader: s.tableHeader });
    // A page that ends mid-sentence (a scan, a PDF) goes on with this one: its first unit stays in
    // the open chunk up to the maximum size, so the sentence is not cut between two passages.
    const open = this.open;
    let runsOn = open !== null && this.pageStarts.length > 1 && runsOnAcrossPage(this.text.slice(open.start - this.textBase, base - separator.length - this.textBase), page.text);
    for (const paragraph of paragraphs(page.text)) {
      const units: (Span & { tableHeader?: string | null })[] = sizes[paragraph.end] - sizes[paragraph.start] <= CHUNK_MAX_SIZE ? [paragraph] : splitLongParagraph(page.text, paragraph, sizes);
      for (let unit of units) {
        let next = global(unit);
        // Too big to join whole: the sentence's end alone joins it (a page that opens with a long
        // paragraph, as a scanned page often does), and the rest of the paragraph goes on as usual.
        if (runsOn && this.open && !unit.tableHeader && next.endSize - this.open.startSize > CHUNK_MAX_SIZE) {
          const end = firstSentenceEnd(page.text, unit);
          const headSpan = end === null ? null : trim(page.text, unit.start, end);
          const head = headSpan === null ? null : global(headSpan);
          const rest = end === null ? null : trim(page.text, end, unit.end);
          if (head && rest && head.endSize - this.open.startSize <= CHUNK_MAX_SIZE) {
            this.open.end = head.end;
            this.open.endSize = head.endSize;
            runsOn = false;
            unit = rest;
            next = global(unit);
          } else {
            // Not even that fits: the sentence's start goes to the next chunk with its end instead.
            const carried = this.carryBack(next);
            if (carried) {
              closed.push(this.emit(this.open));
              this.open = carried;
              runsOn = false;
              continue;
            }
          }
        }
        const limit = runsOn ? CHUNK_MAX_SIZE : CHUNK_TARGET_SIZE;
        runsOn = false;
        if (this.open && next.endSize - this.open.startSize <= limit) {
          this.open.end = next.end;
          this.open.endSize = next.endSize;
        } else {
          if (this.open) closed.push(this.emit(this.open));
          this.open = next;
        }
      }
    }
    // Keep only the text the open chunk still needs; trimming rarely keeps the copying linear.
    const keepFrom = this.open?.start ?? this.nextOffset;
    if (keepFrom - this.textBase > 1 << 16) {
      this.text = this.text.slice(keepFrom - this.textBase);
      this.textBase = keepFrom;
    }
    return closed;
  }

  /**
   * The open chunk cut back to its last sentence end, and `next` grown back to begin there, when
   * both are then whole sentences within the maximum size; null otherwise (nothing changes).
   */
  private carryBack(next: SizedSpan): SizedSpan | null {
    const open = this.open!;
    const text = this.text.slice(open.start - this.textBase, open.end - this.textBase);
    let end = -1;
    for (const match of text.matchAll(SENTENCE_END)) if (match[0] !== "\n") end = match.index + match[0].length;
    if (end <= 0 || end >= text.length) return null;
    const kept = trim(text, 0, end);
    const moved = trim(text, end, text.length);
    if (!kept || !moved) return null;
    const startSize = open.startSize + textSize(text.slice(0, moved.start));
    if (next.endSize - startSize > CHUNK_MAX_SIZE) return null;
    open.end = open.start + kept.end;
    open.endSize = open.startSize + textSize(text.slice(0, kept.end));
    return { start: open.start + moved.start, end: next.end, startSize, endSize: next.endSize };
  }

  finish(): Chunk[] {
    const last = this.open;
    this.open = null;
    return last ? [this.emit(last)] : [];
  }

  private emit(span: SizedSpan): Chunk {
    const first = this.pageIndexAt(span.start);
    const last = this.pageIndexAt(span.end - 1);
    const pageBreaks: number[] = [];
    // A page given in pieces (a long sheet's blocks of rows, streamed) has its number more than
    // once in a row: only a new number is a page break.
    if (this.pageNumbers[first] !== null) {
      for (let i = first + 1; i <= last; i++) if (this.pageNumbers[i] !== this.pageNumbers[i - 1]) pageBreaks.push(this.pageStarts[i] - span.start);
    }
    return {
      ordinal: this.ordinal++,
      content: this.text.slice(span.start - this.textBase, span.end - this.textBase),
      charStart: span.start,
      charEnd: span.end,
      pageStart: this.pageNumbers[first] ?? null,
      pageEnd: this.pageNumbers[last] ?? null,
      pageBreaks,
      tableHeader: span.tableHeader ?? null,
    };
  }

  private pageIndexAt(offset: number): number {
    let lo = 0;
    let hi = this.pageStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.pageStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
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

/** Where the first sentence of a span ends (after its end mark), or null when it has none before the span's end. */
function firstSentenceEnd(text: string, span: Span): number | null {
  const [match] = text.slice(span.start, span.end).matchAll(SENTENCE_END);
  if (!match) return null;
  const end = span.start + match.index + match[0].length;
  return end < span.end ? end : null;
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

/**
 * Sentences packed into pieces of about equal size, each at most CHUNK_TARGET_SIZE when possible.
 * A piece that starts among a table's body rows names that table's header.
 */
function splitLongParagraph(text: string, paragraph: Span, sizes: Float64Array): (Span & { tableHeader?: string | null })[] {
  const sentences: Span[] = [];
  let start = paragraph.start;
  const body = text.slice(paragraph.start, paragraph.end);
  // A table row is one unit whatever its cells hold (a Word table's rows, docx-tables.mjs): a
  // piece never starts halfway through a row. Every line break is a match, so this is known per line.
  let inRow = startsTableRow(body, 0);
  for (const match of body.matchAll(SENTENCE_END)) {
    if (match[0] === "\n") inRow = startsTableRow(body, match.index + 1);
    else if (inRow) continue;
    const end = paragraph.start + match.index + match[0].length;
    const sentence = trim(text, start, end);
    if (sentence) hardSplit(text, sentence, sizes, sentences);
    start = end;
  }
  const tail = trim(text, start, paragraph.end);
  if (tail) hardSplit(text, tail, sizes, sentences);

  const total = sizes[paragraph.end] - sizes[paragraph.start];
  const pieceSize = Math.min(CHUNK_TARGET_SIZE, total / Math.ceil(total / CHUNK_TARGET_SIZE));
  const pieces: (Span & { tableHeader?: string | null })[] = [];
  const headers = tableHeadersOf(body);
  for (const sentence of sentences) {
    const last = pieces[pieces.length - 1];
    if (last && sizes[sentence.end] - sizes[last.start] <= pieceSize * 1.1) last.end = sentence.end;
    else pieces.push({ ...sentence, tableHeader: headers.get(sentence.start - paragraph.start) });
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
