import "server-only";
import { PAGE_SEPARATOR } from "./chunker";
import { encodeTermCounts, encodeTerms } from "./term-encoding";
import { forEachTerm, keepsOffsets, termFrequencies, tokenize } from "./tokenizer";

export interface PassageTerms {
  /** The passage's term counts, encoded for storage (term-encoding.ts). */
  encodedTerms: string;
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
    // Maps, not objects: a long Chinese passage has hundreds of distinct terms.
    const counts = passages.map(() => new Map<string, number>());
    const lengths = new Array<number>(passages.length).fill(0);
    // Terms arrive in non-decreasing offset order (page by page, left to right), so one pointer
    // walks the passages alongside them.
    let at = 0;
    for (let i = 0; i < this.terms.length; i++) {
      const start = this.starts[i];
      while (at < passages.length && passages[at].charEnd <= start) at++;
      if (at === passages.length) break;
      if (start < passages[at].charStart) continue;
      const bucket = counts[at];
      const term = this.terms[i];
      bucket.set(term, (bucket.get(term) ?? 0) + 1);
      lengths[at]++;
    }
    return passages.map((p, i) => {
      const overlapsUnaligned = this.unaligned.some(([start, end]) => p.charStart < end && start < p.charEnd);
      if (!overlapsUnaligned) return { encodedTerms: encodeTermCounts(counts[i]), tokenCount: lengths[i] };
      const tokens = tokenize(p.content);
      return { encodedTerms: encodeTerms(termFrequencies(tokens)), tokenCount: tokens.length };
    });
  }
}

