import "server-only";
import { PAGE_SEPARATOR } from "./chunker";
import { forEachTerm, keepsOffsets, termFrequencies, tokenize } from "./tokenizer";

export interface PassageTerms {
  terms: Record<string, number>;
  tokenCount: number;
}

/**
 * Tokenises a document page by page while the rest of it is still being parsed (the parser runs
 * on another thread), remembering where in the document's full text each term starts. Once the
 * passages are cut, each gets the terms that start inside it, the same terms tokenize() gives its
 * text, since passages end where words end. Pages whose normalisation shifts offsets are left
 * to be tokenised passage by passage.
 */
export class PageTermCollector {
  private readonly terms: string[] = [];
  private readonly starts: number[] = [];
  private readonly unaligned: [number, number][] = [];
  private nextBase = 0;
  pages = 0;

  addPage(text: string) {
    const base = this.nextBase;
    if (keepsOffsets(text)) {
      forEachTerm(text, (term, start) => {
        this.terms.push(term);
        this.starts.push(base + start);
      });
    } else {
      this.unaligned.push([base, base + text.length]);
    }
    this.nextBase = base + text.length + PAGE_SEPARATOR.length;
    this.pages++;
  }

  /** Terms per passage; passages are in document order and do not overlap. */
  assign(passages: readonly { charStart: number; charEnd: number; content: string }[]): PassageTerms[] {
    const buckets: string[][] = passages.map(() => []);
    for (let i = 0; i < this.terms.length; i++) {
      const at = passageAt(passages, this.starts[i]);
      if (at >= 0) buckets[at].push(this.terms[i]);
    }
    return passages.map((p, i) => {
      const overlapsUnaligned = this.unaligned.some(([start, end]) => p.charStart < end && start < p.charEnd);
      const tokens = overlapsUnaligned ? tokenize(p.content) : buckets[i];
      return { terms: termFrequencies(tokens), tokenCount: tokens.length };
    });
  }
}

/** The passage containing `offset`, or -1 when it falls between passages (white space). */
function passageAt(passages: readonly { charStart: number; charEnd: number }[], offset: number): number {
  let low = 0;
  let high = passages.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (passages[mid].charStart <= offset) low = mid + 1;
    else high = mid - 1;
  }
  return high >= 0 && offset < passages[high].charEnd ? high : -1;
}
