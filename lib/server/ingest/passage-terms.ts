import "server-only";
import { PAGE_SEPARATOR } from "./chunker";
import { passageText } from "./table-headers";
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
  private unaligned: [number, number][] = [];
  private next = 0;
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

  /**
   * Terms of the next passages: called with consecutive runs of the document's passages, in
   * order and without overlap (as the chunker hands them out), each run after the pages it
   * covers were added. Terms before the run are dropped.
   */
  assign(passages: readonly { charStart: number; charEnd: number; content: string; tableHeader?: string | null }[]): PassageTerms[] {
    const result = passages.map((p) => {
      // Maps, not objects: a long Chinese passage has hundreds of distinct terms.
      const counts = new Map<string, number>();
      let length = 0;
      // Terms arrive in non-decreasing offset order (page by page, left to right), so one
      // pointer walks them alongside the passages.
      while (this.next < this.terms.length && this.starts[this.next] < p.charEnd) {
        if (this.starts[this.next] >= p.charStart) {
          const term = this.terms[this.next];
          counts.set(term, (counts.get(term) ?? 0) + 1);
          length++;
        }
        this.next++;
      }
      const overlapsUnaligned = this.unaligned.some(([start, end]) => p.charStart < end && start < p.charEnd);
      if (!overlapsUnaligned) {
        // Rows cut from a table are found by its labels too, as if the header were repeated.
        for (const term of p.tableHeader ? tokenize(p.tableHeader) : []) {
          counts.set(term, (counts.get(term) ?? 0) + 1);
          length++;
        }
        return { encodedTerms: encodeTermCounts(counts), tokenCount: length };
      }
      const tokens = tokenize(passageText(p));
      return { encodedTerms: encodeTerms(termFrequencies(tokens)), tokenCount: tokens.length };
    });
    // Let go of the terms already handed out, now and then rather than on every call.
    if (this.next > 50_000) {
      this.terms.splice(0, this.next);
      this.starts.splice(0, this.next);
      this.next = 0;
    }
    const last = passages.at(-1);
    if (last) this.unaligned = this.unaligned.filter(([, end]) => end > last.charEnd);
    return result;
  }
}

