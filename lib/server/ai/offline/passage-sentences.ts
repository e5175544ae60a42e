import "server-only";
import { tokenize } from "@/lib/server/ingest/tokenizer";
import { isHeadingLine } from "./heading-lines";
import { cuesOf, type SentenceCues } from "./question-cues";
import { runsOnAcrossPage } from "@/lib/server/ingest/line-wraps";
import { sentenceSpans, unwrapped } from "./sentences";
import { tableLines } from "./table-rows";

/** A passage read into sentences: shared between answers, never changed but for the cues filled in as questions need them. */
export interface PassageSentences {
  readonly sentences: readonly string[];
  /** Where each sentence starts and ends in the passage (for the pages it is on). */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** Which paragraph of the passage each sentence belongs to: context never crosses a paragraph. */
  readonly paragraphs: readonly number[];
  /** Each sentence's terms. */
  readonly terms: readonly ReadonlySet<string>[];
  /** Whether each sentence is a heading, label or page number (heading-lines.ts). */
  readonly headings: readonly boolean[];
  /** The heading each sentence comes under (the last one before it in the passage; a table's header for its rows), or -1. */
  readonly headingOf: readonly number[];
  /** Per sentence: whether it is a table's body row, and the header it comes under, or -1 (table-rows.ts). */
  readonly tableRow: readonly boolean[];
  readonly tableHeaderOf: readonly number[];
  /** What each sentence offers (question-cues.ts), worked out when a question first asks: see cuesAt(). */
  readonly cues: (SentenceCues | undefined)[];
}

// The passages most asked about recur from answer to answer (a busy share link is asked the same
// few things): their sentences and terms are kept rather than tokenised again each time, which
// was a fifth of what the server allocated per message (bench:shared). Keyed by the text itself,
// so a changed passage is a different entry; the least recently used goes first.
export const SENTENCE_CACHE_LIMIT = 256;
const sentenceCache = new Map<string, PassageSentences>();

const PARAGRAPH_BREAK = /\n\s*\n/g;

/** A passage's sentences; `pageBreaks`: where in it later pages begin, so a sentence running on to the next page is read whole. */
export function sentencesOf(content: string, pageBreaks: readonly number[] | null = null): PassageSentences {
  const key = pageBreaks && pageBreaks.length > 0 ? `${pageBreaks.join(",")}\u0000${content}` : content;
  const cached = sentenceCache.get(key);
  if (cached) {
    sentenceCache.delete(key);
    sentenceCache.set(key, cached);
    return cached;
  }
  const entry = readPassage(content, pageBreaks ?? []);
  sentenceCache.set(key, entry);
  if (sentenceCache.size > SENTENCE_CACHE_LIMIT) sentenceCache.delete(sentenceCache.keys().next().value!);
  return entry;
}

/** How many passages' sentences are kept (tests). */
export function sentenceCacheSize(): number {
  return sentenceCache.size;
}

function readPassage(content: string, pageBreaks: readonly number[]): PassageSentences {
  const sentences: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const paragraphs: number[] = [];
  let paragraph = 0;
  let from = 0;
  // Page breaks inside a sentence, as offsets into the paragraph being read.
  let runOn: { start: number; end: number }[] = [];
  const read = (to: number) => {
    for (const span of sentenceSpans(content.slice(from, to), runOn)) {
      sentences.push(unwrapped(content.slice(from + span.start, from + span.end)));
      starts.push(from + span.start);
      ends.push(from + span.end);
      paragraphs.push(paragraph);
    }
    paragraph++;
    runOn = [];
  };
  for (const gap of content.matchAll(PARAGRAPH_BREAK)) {
    const end = gap.index + gap[0].length;
    // A page that ends mid-sentence: the next page's first line finishes it, in the same paragraph.
    if (pageBreaks.some((at) => at > gap.index && at <= end) && runsOnAcrossPage(content.slice(from, gap.index), content.slice(end))) {
      runOn.push({ start: gap.index - from, end: end - from });
      continue;
    }
    read(gap.index);
    from = end;
  }
  read(content.length);
  // A table's header and rule are never quoted alone; its rows come under the header (its words
  // count for them as a heading's do) and the section resumes after the table.
  const tables = tableLines(sentences, paragraphs);
  const headings = sentences.map((sentence, i) => !tables.row[i] && (tables.structure[i] || isHeadingLine(sentence)));
  const headingOf: number[] = [];
  let current = -1;
  headings.forEach((heading, i) => {
    headingOf.push(tables.headerOf[i] >= 0 ? tables.headerOf[i] : heading ? -1 : current);
    if (heading && !tables.structure[i]) current = i;
  });
  return {
    sentences,
    starts,
    ends,
    paragraphs,
    terms: sentences.map((sentence) => new Set(tokenize(sentence))),
    headings,
    headingOf,
    tableRow: tables.row,
    tableHeaderOf: tables.headerOf,
    cues: new Array(sentences.length),
  };
}

/** What sentence i offers, worked out once: most questions ask for no kind of answer in particular. */
export function cuesAt(read: PassageSentences, i: number): SentenceCues {
  return (read.cues[i] ??= cuesOf(read.sentences[i]));
}
