// The Markdown of replies, parsed into a small tree that components render as React elements:
// nothing is ever inserted as HTML, so markup in a reply or a document can only show as text
// (SECURITY.md "Rendering"). Links keep only http(s) and mailto targets; [n] becomes a citation.

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "cite"; n: number }
  | { type: "break" };

export type Block =
  | { type: "paragraph"; inlines: Inline[] }
  | { type: "heading"; level: number; inlines: Inline[] }
  | { type: "quote"; blocks: Block[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
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
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
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
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) body.push(QUOTE.exec(lines[i++])![1]);
      blocks.push({ type: "quote", blocks: parseMarkdown(body.join("\n")) });
      continue;
    }
    const ordered = NUMBERED.test(line);
    if (ordered || BULLET.test(line)) {
      const pattern = ordered ? NUMBERED : BULLET;
      const items: Inline[][] = [];
      while (i < lines.length && pattern.test(lines[i])) items.push(parseInline(pattern.exec(lines[i++])![1]));
      blocks.push({ type: "list", ordered, items });
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && lines[i].trim() !== "" && !FENCE.test(lines[i]) && !HEADING.test(lines[i]) && !QUOTE.test(lines[i]) && !BULLET.test(lines[i]) && !NUMBERED.test(lines[i]) && !RULE.test(lines[i])) {
      body.push(lines[i++]);
    }
    blocks.push({ type: "paragraph", inlines: parseInline(body.join("\n")) });
  }
  return blocks;
}
