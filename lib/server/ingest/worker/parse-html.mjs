// A web page's main content as text. The page is hostile input, so this runs inside the parse
// process (its memory and time bounded by parse-in-worker.ts): linkedom builds a DOM without a
// browser (no script runs, nothing is fetched), and Mozilla's Readability (Firefox's reader view)
// picks the article out of the navigation, adverts and footers around it. What is written here
// is only how that article becomes text: paragraphs, headings, list items and tables (as Markdown
// rows under their header, like Word tables: docx-tables.mjs) kept apart.
import { isUtf8 } from "node:buffer";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { tableText } from "./docx-tables.mjs";
import { ParseFailure } from "./parse-failure.mjs";

export const HTML_LIMITS = Object.freeze({
  // Readability gives up on a page with more elements than this rather than scoring them all.
  maxElements: 150_000,
  // As for a Word file: past this much text a page is not an article.
  maxTextChars: 3_000_000,
  // A page with a password field and less text than this is a sign-in form, not the content.
  signInTextChars: 1_200,
  // Readability's scoring walks up from every paragraph, so its time grows with nesting depth
  // (a chain of 1,000 empty divs took 20 s here); real pages nest a few dozen deep. Deeper than
  // this and the whole body is read instead.
  maxReadableDepth: 256,
});

// Content that is never text: scripts, styles, embedded objects, form controls.
const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "math", "iframe", "object", "embed", "canvas", "button", "select", "textarea", "input", "head", "title", "meta", "link"]);
// Page furniture left out when Readability finds no article and the whole body is read instead.
const FURNITURE = new Set(["nav", "header", "footer", "aside", "form"]);
const BLOCKS = new Set([
  "p", "div", "section", "article", "main", "header", "footer", "aside", "nav", "blockquote", "figure", "figcaption", "address", "details",
  "summary", "dl", "dt", "dd", "form", "fieldset", "hr", "ul", "ol", "li", "pre", "table", "h1", "h2", "h3", "h4", "h5", "h6", "body", "html",
]);

/** @param {string} text */
const collapse = (text) => text.replace(/[\s\u00a0]+/g, " ");

/**
 * The text of an element: block elements start new paragraphs, headings keep their level as
 * Markdown "#", list items a "- ", tables their rows. Walked with a stack of its own, so a page
 * nested ten thousand deep does not exhaust the call stack.
 * @param {any} root
 * @param {{ skipFurniture?: boolean }} [options]
 */
export function elementText(root, options = {}) {
  /** @type {string[]} */
  const out = [];
  // Space at the start of a line (or after a heading or list marker) is the source's indentation, not text.
  let lineStart = true;
  /** @param {string} text @param {boolean} [raw] */
  const write = (text, raw = false) => {
    const kept = lineStart && !raw ? text.trimStart() : text;
    if (kept === "") return;
    out.push(kept);
    lineStart = kept.endsWith("\n");
  };
  /** @param {string} marker */
  const mark = (marker) => {
    out.push(marker);
    lineStart = true;
  };
  // A block starts on a paragraph of its own; a list item on a line of its own.
  const paragraph = (line = false) => {
    const last = out.length > 0 ? out[out.length - 1] : "\n\n";
    if (line) {
      if (!last.endsWith("\n")) out.push("\n");
    } else if (!last.endsWith("\n\n")) out.push(last.endsWith("\n") ? "\n" : "\n\n");
    lineStart = true;
  };
  /** @type {({ node: any, pre: boolean } | { close: string })[]} */
  const stack = [{ node: root, pre: false }];
  while (stack.length > 0) {
    const item = /** @type {any} */ (stack.pop());
    if (item.close !== undefined) {
      if (item.close) paragraph(item.close === "li");
      continue;
    }
    const { node, pre } = item;
    if (node.nodeType === 3) {
      if (pre) write(node.data, true);
      else write(collapse(node.data));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const tag = String(node.localName ?? node.tagName ?? "").toLowerCase();
    if (SKIPPED.has(tag) || (options.skipFurniture && FURNITURE.has(tag))) continue;
    if (node.hasAttribute?.("hidden") || node.getAttribute?.("aria-hidden") === "true") continue;
    if (tag === "br") {
      mark("\n");
      continue;
    }
    if (tag === "table") {
      paragraph();
      write(tableText(tableRows(node)), true);
      paragraph();
      continue;
    }
    const block = BLOCKS.has(tag);
    if (block) paragraph(tag === "li");
    if (/^h[1-6]$/.test(tag)) mark(`${"#".repeat(Number(tag[1]))} `);
    else if (tag === "li") mark(node.parentElement?.localName === "ol" ? `${ordinal(node)}. ` : "- ");
    stack.push({ close: block ? tag : "" });
    const children = node.childNodes ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], pre: pre || tag === "pre" });
  }
  return tidy(out.join(""));
}

/** @param {any} li its position among its list's items, from 1 */
function ordinal(li) {
  let n = 1;
  for (let sibling = li.previousElementSibling; sibling; sibling = sibling.previousElementSibling) if (sibling.localName === "li") n++;
  return n;
}

/** Each row's cells as text (a nested table's text stays in its cell). @param {any} table */
function tableRows(table) {
  /** @type {string[][]} */
  const rows = [];
  for (const row of table.querySelectorAll("tr")) {
    if (row.closest("table") !== table) continue;
    rows.push([...row.children].filter((cell) => cell.localName === "td" || cell.localName === "th").map((cell) => collapse(cell.textContent ?? "").trim()));
  }
  return rows;
}

/** Space at line ends dropped, runs of blank lines made one, headings and list markers with nothing after them dropped. @param {string} text */
function tidy(text) {
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/g, ""))
    .filter((line) => !/^(#{1,6}|-|\d+\.)\s*$/.test(line))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** @param {string} html */
function documentFor(html) {
  // linkedom, unlike a browser, makes no <html> and <body> around a page that leaves them out.
  const whole = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html.replace(/^\s*<!doctype[^>]*>/i, "")}</body></html>`;
  return parseHTML(whole).document;
}

/**
 * Whether the page has a password field, and how deep its elements nest: one walk, with a stack
 * of its own. @param {any} root
 */
function survey(root) {
  let passwordField = false;
  let depth = 0;
  /** @type {[any, number][]} */
  const stack = [[root, 1]];
  while (stack.length > 0) {
    const [node, level] = /** @type {[any, number]} */ (stack.pop());
    depth = Math.max(depth, level);
    if (node.localName === "input" && String(node.getAttribute("type") ?? "").toLowerCase() === "password") passwordField = true;
    for (let child = node.firstElementChild; child; child = child.nextElementSibling) stack.push([child, level + 1]);
  }
  return { passwordField, depth };
}

/**
 * @param {Uint8Array} bytes the page as fetched, decoded to UTF-8 (lib/server/use-cases/fetch-web-page.ts)
 * @returns {{ pages: { page: null, text: string }[], pageCount: null, title: string | null }}
 */
export function parseHtml(bytes) {
  if (!isUtf8(bytes)) throw new ParseFailure("malformed", "the page is not UTF-8 text");
  const html = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
  if (html.trim() === "") throw new ParseFailure("no_text", "the page is empty");
  const document = documentFor(html);
  const { passwordField, depth } = survey(document.documentElement);
  const pageTitle = collapse(document.querySelector("title")?.textContent ?? "").trim();

  /** @type {{ title?: string | null, content?: any } | null} */
  let article = null;
  if (depth <= HTML_LIMITS.maxReadableDepth) {
    try {
      // The serializer hands back the article's element itself, to be walked as it is.
      article = new Readability(/** @type {any} */ (document), { maxElemsToParse: HTML_LIMITS.maxElements, serializer: (el) => el }).parse();
    } catch (error) {
      if (/Aborting parsing document/.test(String(error))) throw new ParseFailure("too_much_text", "the page has too many elements");
      throw error;
    }
  }
  const title = collapse(article?.title ?? "").trim() || pageTitle || null;
  // Readability changes the document it reads: the whole page again, when it found no article.
  let text = article?.content ? elementText(article.content) : "";
  if (text === "") {
    const whole = documentFor(html);
    text = whole.body ? elementText(whole.body, { skipFurniture: true }) : "";
  }
  if (passwordField && text.length < HTML_LIMITS.signInTextChars) throw new ParseFailure("login_required", "the page is a sign-in form");
  if (text === "") throw new ParseFailure("no_text", "the page has no readable text");
  if (text.length > HTML_LIMITS.maxTextChars) throw new ParseFailure("too_much_text", `the page has more than ${HTML_LIMITS.maxTextChars} characters of text`);
  // The title leads the text as its heading (Readability takes it out of the article), so the
  // page is found and suggested by it as a document is by its first heading.
  const heading = title && !text.startsWith(`# ${title}`) ? `# ${title}\n\n` : "";
  return { pages: [{ page: null, text: heading + text }], pageCount: null, title };
}
