import { LINK_TEXT_KEEP_CHARS, LINK_TEXT_MAX_CHARS } from "@/lib/constants";

// Links in messages: only http(s) URLs are links, shown shortened (docs/rules/chat.md#links).

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`，。、「」（）]+/giu;
// Punctuation that ends a sentence rather than the URL.
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The http(s) URLs in a text, in order, without duplicates. */
export function findLinks(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    try {
      const parsed = new URL(url);
      if ((parsed.protocol === "http:" || parsed.protocol === "https:") && !found.includes(url)) found.push(url);
    } catch {
      // Not a URL after all.
    }
  }
  return found;
}

/** Link text of at most 45 characters: the first 42 and an ellipsis. */
export function shortenLinkText(url: string): string {
  const chars = [...url];
  return chars.length <= LINK_TEXT_MAX_CHARS ? url : `${chars.slice(0, LINK_TEXT_KEEP_CHARS).join("")}...`;
}
