// Where a spreadsheet's or a slide deck's text goes as it is read. Streamed (onPage), each piece
// goes to the parent process at once and nothing is kept here, so a sheet of 100,000 rows never
// sits whole in either process; otherwise (tests, direct calls) the pieces of one page are joined
// with a blank line, the text the chunker reads from streamed pieces of a page (chunker.ts joins
// pages with one), so both ways give the same passages.
import { ParseFailure } from "./parse-failure.mjs";

/**
 * @param {((page: { page: number | null, text: string }) => void) | undefined} onPage
 * @param {number} maxTextChars
 */
export function pageSink(onPage, maxTextChars) {
  /** @type {{ page: number | null, text: string }[]} */
  const pages = [];
  let chars = 0;
  return {
    /**
     * @param {number | null} page
     * @param {string} text
     */
    add(page, text) {
      if (text.trim() === "") return;
      chars += text.length;
      if (chars > maxTextChars) throw new ParseFailure("too_much_text", `the file has more than ${maxTextChars} characters of text`);
      if (onPage) onPage({ page, text });
      else if (pages.length > 0 && pages[pages.length - 1].page === page) pages[pages.length - 1].text += `\n\n${text}`;
      else pages.push({ page, text });
    },
    get empty() {
      return chars === 0;
    },
    /** @param {number | null} pageCount */
    result(pageCount) {
      return { pages, pageCount };
    },
  };
}
