import { parseMarkdown, type Block, type Inline } from "@/lib/chat/markdown";

// A campaign's Markdown as the two parts of an e-mail: HTML and plain text. Shared by the sender
// and the compose screen's live preview, so the preview is what recipients get.
//
// The HTML comes from the chat view's own Markdown parser (lib/chat/markdown.ts): every element is
// one this file writes and every character of the text goes through escapeHtml, so markup typed
// into a campaign shows as text and nothing can run; links keep only http(s) and mailto targets.
// Mail clients drop <style> blocks and classes unevenly, so each element carries its styles
// inline; a <style> block only adds a dark palette for clients that honour prefers-color-scheme,
// and the light palette's colours keep enough contrast when a client inverts them itself.

export interface EmailContent {
  subject: string;
  markdown: string;
  /** BCP 47 language of the message (html lang). */
  lang: string;
  productName: string;
  /** Why the recipient gets this ("You receive this because you have an account at …"). */
  footer: string;
  /** Campaigns carry an unsubscribe link; account mail (password reset, welcome) does not. */
  unsubscribe?: { label: string; url: string };
}

const FONT = `system-ui, -apple-system, "Segoe UI", "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", Roboto, Arial, sans-serif`;
const MONO = `ui-monospace, SFMono-Regular, Menlo, Consolas, monospace`;

const STYLE = {
  body: "margin:0;padding:0;background-color:#f3f4f6;",
  outer: "width:100%;background-color:#f3f4f6;",
  outerCell: "padding:24px 12px;",
  card: "width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:8px;",
  brand: `padding:20px 28px 0;font-family:${FONT};font-size:14px;font-weight:600;color:#2563eb;`,
  content: `padding:12px 28px 28px;font-family:${FONT};font-size:16px;line-height:1.6;color:#1f2937;`,
  p: "margin:0 0 14px;",
  h1: "margin:18px 0 10px;font-size:24px;line-height:1.3;font-weight:700;color:#111827;",
  h2: "margin:18px 0 8px;font-size:20px;line-height:1.35;font-weight:700;color:#111827;",
  h3: "margin:16px 0 6px;font-size:17px;line-height:1.4;font-weight:700;color:#111827;",
  quote: "margin:0 0 14px;padding:4px 14px;border-left:4px solid #93c5fd;color:#374151;",
  list: "margin:0 0 14px;padding-left:24px;",
  li: "margin:0 0 6px;",
  pre: `margin:0 0 14px;padding:12px;background-color:#f3f4f6;border-radius:6px;font-family:${MONO};font-size:14px;line-height:1.5;white-space:pre-wrap;word-break:break-word;color:#111827;`,
  code: `font-family:${MONO};font-size:0.9em;background-color:#f3f4f6;border-radius:4px;padding:1px 4px;color:#111827;`,
  link: "color:#1d4ed8;text-decoration:underline;",
  rule: "border:0;border-top:1px solid #e5e7eb;margin:20px 0;",
  footerCell: `padding:16px 28px 0;font-family:${FONT};font-size:12px;line-height:1.5;color:#6b7280;text-align:center;`,
  footerLink: "color:#4b5563;text-decoration:underline;",
} as const;

const DARK_STYLES = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .em-bg { background-color: #0b0f17 !important; }
  .em-card { background-color: #161b26 !important; border-color: #2a3242 !important; }
  .em-text, .em-text p, .em-text li { color: #e5e7eb !important; }
  .em-text h1, .em-text h2, .em-text h3 { color: #f9fafb !important; }
  .em-text a { color: #93c5fd !important; }
  .em-text blockquote { color: #d1d5db !important; border-color: #3b82f6 !important; }
  .em-text pre, .em-text code { background-color: #222a38 !important; color: #f3f4f6 !important; }
  .em-brand { color: #93c5fd !important; }
  .em-muted, .em-muted a { color: #9ca3af !important; }
}`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function inlineHtml(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
          return escapeHtml(node.text);
        case "strong":
          return `<strong>${inlineHtml(node.children)}</strong>`;
        case "em":
          return `<em>${inlineHtml(node.children)}</em>`;
        case "code":
          return `<code style="${STYLE.code}">${escapeHtml(node.text)}</code>`;
        case "link":
          return `<a href="${escapeHtml(node.href)}" style="${STYLE.link}" target="_blank" rel="noopener noreferrer">${inlineHtml(node.children)}</a>`;
        case "cite":
          // A campaign has no sources: "[2]" is what was typed.
          return `[${node.n}]`;
        case "break":
          return "<br>";
      }
    })
    .join("");
}

const HEADING_STYLE = [STYLE.h1, STYLE.h2, STYLE.h3];

function blocksHtml(list: Block[]): string {
  return list
    .map((block) => {
      switch (block.type) {
        case "paragraph":
          return `<p style="${STYLE.p}">${inlineHtml(block.inlines)}</p>`;
        case "heading": {
          const level = Math.min(3, block.level);
          return `<h${level} style="${HEADING_STYLE[level - 1]}">${inlineHtml(block.inlines)}</h${level}>`;
        }
        case "quote":
          return `<blockquote style="${STYLE.quote}">${blocksHtml(block.blocks)}</blockquote>`;
        case "list": {
          const items = block.items.map((item) => `<li style="${STYLE.li}">${inlineHtml(item.inlines)}${blocksHtml(item.blocks)}</li>`).join("");
          return block.ordered
            ? `<ol style="${STYLE.list}"${block.start !== 1 ? ` start="${block.start}"` : ""}>${items}</ol>`
            : `<ul style="${STYLE.list}">${items}</ul>`;
        }
        case "code":
          return `<pre style="${STYLE.pre}">${escapeHtml(block.text)}</pre>`;
        case "rule":
          return `<hr style="${STYLE.rule}">`;
      }
    })
    .join("\n");
}

export function renderEmailHtml(content: EmailContent): string {
  const body = blocksHtml(parseMarkdown(content.markdown));
  return `<!doctype html>
<html lang="${escapeHtml(content.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(content.subject)}</title>
<style>${DARK_STYLES}
</style>
</head>
<body class="em-bg" style="${STYLE.body}">
<table role="presentation" class="em-bg" width="100%" cellpadding="0" cellspacing="0" border="0" style="${STYLE.outer}">
<tr><td align="center" style="${STYLE.outerCell}">
<table role="presentation" class="em-card" width="100%" cellpadding="0" cellspacing="0" border="0" style="${STYLE.card}">
<tr><td class="em-brand" style="${STYLE.brand}">${escapeHtml(content.productName)}</td></tr>
<tr><td class="em-text" style="${STYLE.content}">
${body}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td class="em-muted" style="${STYLE.footerCell}">${escapeHtml(content.footer)}${
    content.unsubscribe ? `<br><a href="${escapeHtml(content.unsubscribe.url)}" style="${STYLE.footerLink}">${escapeHtml(content.unsubscribe.label)}</a>` : ""
  }</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
          return node.text;
        case "strong":
        case "em":
          return inlineText(node.children);
        case "code":
          return node.text;
        case "link": {
          const label = inlineText(node.children);
          // A bare URL stays as it is; a named link keeps its target beside the name.
          return label === node.href || label.replace(/\/$/, "") === node.href.replace(/\/$/, "") ? node.href : `${label} (${node.href})`;
        }
        case "cite":
          return `[${node.n}]`;
        case "break":
          return "\n";
      }
    })
    .join("");
}

const indent = (text: string, prefix: string, first = prefix) =>
  text
    .split("\n")
    .map((line, i) => (i === 0 ? first : prefix) + line)
    .join("\n");

function blocksText(list: Block[]): string {
  return list
    .map((block) => {
      switch (block.type) {
        case "paragraph":
          return inlineText(block.inlines);
        case "heading": {
          const text = inlineText(block.inlines);
          return block.level <= 2 ? `${text}\n${(block.level === 1 ? "=" : "-").repeat(Math.min(60, Math.max(3, visualWidth(text))))}` : text;
        }
        case "quote":
          return indent(blocksText(block.blocks), "> ");
        case "list":
          return block.items
            .map((item, i) => {
              const marker = block.ordered ? `${block.start + i}. ` : "- ";
              const inner = [inlineText(item.inlines), blocksText(item.blocks)].filter(Boolean).join("\n");
              return indent(inner, " ".repeat(marker.length), marker);
            })
            .join("\n");
        case "code":
          return indent(block.text, "    ");
        case "rule":
          return "----------";
      }
    })
    .join("\n\n");
}

/** Columns a line takes in a monospaced reader: CJK characters are two wide. */
function visualWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return width;
}

export function renderEmailText(content: EmailContent): string {
  const unsubscribe = content.unsubscribe ? `\n${content.unsubscribe.label}: ${content.unsubscribe.url}` : "";
  return `${blocksText(parseMarkdown(content.markdown))}\n\n-- \n${content.footer}${unsubscribe}\n`;
}
