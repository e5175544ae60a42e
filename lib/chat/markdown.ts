// The Markdown of replies, parsed into a small tree that components render as React elements:
// nothing is ever inserted as HTML, so markup in a reply or a document can only show as text
// (docs/rules/security.md#rendering). Links keep only http(s) and mailto targets; [n] becomes a citation.

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "cite"; n: number }
  | { type: "break" };

/** An item's own text, and what is indented under it (a nested list, a second paragraph, code). */
export interface ListItem {
  inlines: Inline[];
  blocks: Block[];
}

export type Block =
  | { type: "paragraph"; inlines: Inline[] }
  | { type: "heading"; level: number; inlines: Inline[] }
  | { type: "quote"; blocks: Block[] }
  | { type: "list"; ordered: boolean; start: number; items: ListItem[] }
  | { type: "code"; text: string }
  | { type: "rule" };

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

/** A link target that may be followed, or null (javascript:, data:, relative paths…). */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (!SAFE_HREF.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
}

const INLINE = /(`+)([\s\S]*?)\1|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|\*([^*\s][^*]*?)\*|(?<![\p{L}\p{N}])_([^_\s][^_]*?)_(?![\p{L}\p{N}])|\[([^\]\n]+)\]\(([^)\s]+)\)|\[(\d{1,2})\]|(https?:\/\/[^\s<>"'`，。、「」（）]+)|\n/gu;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = out[out.length - 1];
    if (last?.type === "text") last.text += value;
    else out.push({ type: "text", text: value });
  };
  for (const m of text.matchAll(INLINE)) {
    pushText(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] !== undefined) out.push({ type: "code", text: m[2] });
    else if (m[3] !== undefined || m[4] !== undefined) out.push({ type: "strong", children: parseInline(m[3] ?? m[4]) });
    else if (m[5] !== undefined || m[6] !== undefined) out.push({ type: "em", children: parseInline(m[5] ?? m[6]) });
    else if (m[7] !== undefined) {
      const href = safeHref(m[8]);
      if (href) out.push({ type: "link", href, children: parseInline(m[7]) });
      else pushText(m[7]);
    } else if (m[9] !== undefined) out.push({ type: "cite", n: Number(m[9]) });
    else if (m[10] !== undefined) {
      const url = m[10].replace(/[.,;:!?)\]}'"]+$/, "");
      const href = safeHref(url);
      if (href) out.push({ type: "link", href, children: [{ type: "text", text: url }] });
      else pushText(url);
      pushText(m[10].slice(url.length));
    } else out.push({ type: "break" });
  }
  pushText(text.slice(at));
  return out;
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const NUMBERED = /^(\s*)(\d{1,3})[.)]\s+(.*)$/;
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || BULLET.test(line) || NUMBERED.test(line) || RULE.test(line);
}

const indentOf = (line: string) => /^ */.exec(line)![0].length;

interface ItemStart {
  ordered: boolean;
  indent: number;
  /** Where the item's text begins: lines indented this far (or at least past the marker) belong to it. */
  contentIndent: number;
  number: number;
  text: string;
}

function itemStart(line: string): ItemStart | null {
  const numbered = NUMBERED.exec(line);
  if (numbered) {
    return { ordered: true, indent: numbered[1].length, contentIndent: line.length - numbered[3].length, number: Number(numbered[2]), text: numbered[3] };
  }
  const bullet = BULLET.exec(line);
  if (bullet && !RULE.test(line)) return { ordered: false, indent: bullet[1].length, contentIndent: line.length - bullet[2].length, number: 1, text: bullet[2] };
  return null;
}

/**
 * A list from `lines[at]`: items of the same kind at the same indent, with a blank line between
 * items allowed (models write loose lists too). Deeper-indented lines belong to the item above,
 * so "1. **Step**" followed by "   - detail" nests the detail under the step.
 */
function readList(lines: string[], at: number, first: ItemStart, depth: number): { block: Block; next: number } {
  const items: ListItem[] = [];
  let i = at;
  for (;;) {
    const start = itemStart(lines[i])!;
    const text = [start.text];
    const rest: string[] = [];
    i++;
    const dedent = (line: string) => line.slice(Math.min(indentOf(line), start.contentIndent));
    while (i < lines.length) {
      const line = lines[i];
      if (line.trim() === "") {
        let ahead = i;
        while (ahead < lines.length && lines[ahead].trim() === "") ahead++;
        if (ahead < lines.length && indentOf(lines[ahead]) > start.indent && !itemStartAtOrAbove(lines[ahead], start.indent)) {
          rest.push(...lines.slice(i, ahead).map(() => ""));
          i = ahead;
          continue;
        }
        break;
      }
      const nested = indentOf(line) > start.indent && !itemStartAtOrAbove(line, start.indent);
      // A plain line right after the item's text continues it, indented or not (a "lazy" line).
      const continues = rest.length === 0 && !startsBlock(line.trimStart());
      if (continues) text.push(line.trim());
      else if (nested) rest.push(dedent(line));
      else break;
      i++;
    }
    items.push({ inlines: parseInline(text.join("\n")), blocks: parseMarkdown(rest.join("\n"), depth + 1) });
    let ahead = i;
    while (ahead < lines.length && lines[ahead].trim() === "") ahead++;
    const following = ahead < lines.length ? itemStart(lines[ahead]) : null;
    if (!following || following.ordered !== first.ordered || following.indent !== first.indent) break;
    i = ahead;
  }
  return { block: { type: "list", ordered: first.ordered, start: first.number, items }, next: i };
}

function itemStartAtOrAbove(line: string, indent: number): boolean {
  const start = itemStart(line);
  return start !== null && start.indent <= indent;
}

// Quotes and lists nest no deeper than this: "> > > …" thousands deep would otherwise exhaust the
// stack of the parser and of every renderer walking the tree; deeper markers stay text.
const MAX_NESTING = 8;

export function parseMarkdown(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").replace(/^\t+/gm, (tabs) => "    ".repeat(tabs.length)).split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(fence[1])) body.push(lines[i++]);
      i++;
      blocks.push({ type: "code", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: "heading", level: heading[1].length, inlines: parseInline(heading[2].trim()) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: "rule" });
      i++;
      continue;
    }
    if (depth < MAX_NESTING && QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) body.push(QUOTE.exec(lines[i++])![1]);
      blocks.push({ type: "quote", blocks: parseMarkdown(body.join("\n"), depth + 1) });
      continue;
    }
    const item = depth < MAX_NESTING ? itemStart(line) : null;
    if (item) {
      const list = readList(lines, i, item, depth);
      blocks.push(list.block);
      i = list.next;
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && lines[i].trim() !== "" && (body.length === 0 || !startsBlock(lines[i]))) body.push(lines[i++]);
    blocks.push({ type: "paragraph", inlines: parseInline(body.join("\n")) });
  }
  return blocks;
}
