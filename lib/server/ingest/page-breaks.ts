import "server-only";

// A passage that runs over page breaks keeps where in its text each later page begins, so a
// citation can name the page of the sentences it quotes rather than every page the passage
// touches. Passages stored before the offsets were kept have none: their whole range is cited.

export interface PagedPassage {
  page: number | null;
  pageEnd?: number | null;
  /** Offsets into the passage's content where pages page + 1, page + 2, … begin; ascending. */
  pageBreaks?: readonly number[] | null;
}

export interface PageRange {
  page: number | null;
  pageEnd: number | null;
}

/** The page or pages that the text at [start, end) of a passage's content is on. */
export function pagesOfSpan(passage: PagedPassage, start: number, end: number): PageRange {
  const whole = { page: passage.page, pageEnd: passage.pageEnd ?? passage.page };
  if (passage.page === null || whole.pageEnd === passage.page || !passage.pageBreaks) return whole;
  const breaks = passage.pageBreaks;
  const pageAt = (offset: number) => {
    let page = passage.page!;
    for (const at of breaks) if (at <= offset) page++;
    return page;
  };
  return { page: pageAt(start), pageEnd: pageAt(Math.max(start, end - 1)) };
}
