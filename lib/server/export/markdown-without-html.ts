import "server-only";

// The Markdown export keeps a message as written, but whatever opens the file (an editor's
// preview, a wiki, a static site) may render raw HTML in it: `<script>` or `<img onerror>` in a
// message must arrive as text. So `<` and `&` become entities everywhere except inside code,
// where Markdown shows characters as they are and entities would be shown literally.
//
// The reader of the file decides what is code, not this module. Where the two could disagree, the
// text is escaped: at worst a code sample shows `&lt;` instead of `<`, never the other way round.
// So only a fence at the start of a line opens a fenced block (indented, it may belong to a list
// item that ends before the fence would), a code span is looked for on one line only, and a span
// is kept as written only where no link syntax or table could claim one of its backticks first.

const OPENING_FENCE = /^(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * One line outside fenced code: code spans kept (when `spansAreSafe`), backslash escapes left
 * alone (an escaped `<` is already text), every other `<` and `&` escaped.
 */
function escapeLine(line: string, spansAreSafe: boolean): string {
  let out = "";
  let text = "";
  let i = 0;
  const flush = () => {
    out += escapeText(text);
    text = "";
  };
  while (i < line.length) {
    const c = line[i];
    if (c === "\\" && i + 1 < line.length) {
      flush();
      out += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c !== "`") {
      text += c;
      i++;
      continue;
    }
    let run = 1;
    while (line[i + run] === "`") run++;
    const close = closingRun(line, i + run, run);
    if (close === -1) {
      text += "`".repeat(run);
      i += run;
      continue;
    }
    flush();
    const span = line.slice(i, close + run);
    out += spansAreSafe ? span : escapeText(span);
    i = close + run;
  }
  flush();
  return out;
}

/** Where the next run of exactly `length` backticks starts, from `from` on; -1 when there is none. */
function closingRun(line: string, from: number, length: number): number {
  let i = from;
  while (i < line.length) {
    if (line[i] !== "`") {
      i++;
      continue;
    }
    let run = 1;
    while (line[i + run] === "`") run++;
    if (run === length) return i;
    i += run;
  }
  return -1;
}

/** A message's Markdown with raw HTML turned into text; any fence it leaves open is closed. */
export function markdownWithoutHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let fence: { char: string; length: number } | null = null;
  // A link's destination or title, or a table cell boundary, is read before code spans and can
  // take a backtick a span seems to start with (and titles may run over several lines).
  let linkSyntaxSeen = false;
  for (const line of lines) {
    if (fence) {
      const close = CLOSING_FENCE.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      out.push(line);
      continue;
    }
    const open = OPENING_FENCE.exec(line);
    if (open && !(open[1][0] === "`" && open[2].includes("`"))) {
      fence = { char: open[1][0], length: open[1].length };
      out.push(open[1] + escapeText(open[2]));
      continue;
    }
    linkSyntaxSeen ||= /\]\s*[(:]/.test(line);
    out.push(escapeLine(line, !linkSyntaxSeen && !line.includes("|")));
  }
  // Left open, the fence would run on over the next message, which is escaped as text: that
  // message would show entities, and its own fences would flip what is code from there on.
  if (fence) out.push(fence.char.repeat(fence.length));
  return out.join("\n");
}
