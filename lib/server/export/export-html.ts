import "server-only";
import type { Block, Inline } from "@/lib/chat/markdown";
import { checkImageDataUrl } from "@/lib/image-data";
import { citationText, imagePlaceholder, isSourceLine, type RichDocument, type RichEntry } from "./export-content";

// The conversation as one self-contained web page. Every character of a message goes through
// escapeHtml and every element is one this file writes, so markup in a message shows as text;
// links keep only the http(s) and mailto targets the parser allowed. The page's CSP forbids
// scripts and remote loads outright and lets images come from data: URLs only, which is how an
// attached image travels inside the file.

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function inlines(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
          return escapeHtml(node.text);
        case "strong":
          return `<strong>${inlines(node.children)}</strong>`;
        case "em":
          return `<em>${inlines(node.children)}</em>`;
        case "code":
          return `<code>${escapeHtml(node.text)}</code>`;
        case "link":
          return `<a href="${escapeHtml(node.href)}" rel="noopener noreferrer" target="_blank">${inlines(node.children)}</a>`;
        case "cite":
          return `<sup class="cite">${citationText(node.n)}</sup>`;
        case "break":
          return "<br>";
      }
    })
    .join("");
}

// The page's <h1> is the title and each message's header an <h2>, so a reply's headings start at <h3>.
const headingTag = (level: number) => `h${Math.min(6, level + 2)}`;

function blocks(list: Block[]): string {
  return list
    .map((block) => {
      switch (block.type) {
        case "paragraph":
          return isSourceLine(block) ? `<p class="source">${inlines(block.inlines)}</p>` : `<p>${inlines(block.inlines)}</p>`;
        case "heading":
          return `<${headingTag(block.level)}>${inlines(block.inlines)}</${headingTag(block.level)}>`;
        case "quote":
          return `<blockquote>${blocks(block.blocks)}</blockquote>`;
        case "list": {
          const items = block.items.map((item) => `<li>${inlines(item.inlines)}${blocks(item.blocks)}</li>`).join("");
          return block.ordered ? `<ol${block.start !== 1 ? ` start="${block.start}"` : ""}>${items}</ol>` : `<ul>${items}</ul>`;
        }
        case "code":
          return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
        case "rule":
          return "<hr>";
      }
    })
    .join("\n");
}

function attachment(entry: RichEntry, imageLabel: string): string {
  if (entry.imageData && checkImageDataUrl(entry.imageData).ok) {
    const name = escapeHtml(entry.imageFileName ?? imageLabel);
    const caption = entry.imageFileName ? `<figcaption>${name}</figcaption>` : "";
    return `<figure class="attachment"><img src="${escapeHtml(entry.imageData)}" alt="${name}">${caption}</figure>\n`;
  }
  if (entry.imageFileName) return `<p class="attachment">${escapeHtml(imagePlaceholder(imageLabel, entry.imageFileName))}</p>\n`;
  return "";
}

function message(entry: RichEntry, imageLabel: string): string {
  return `<section class="message ${entry.role}">
<h2>${escapeHtml(entry.label)} <time>${escapeHtml(entry.time)}</time></h2>
${attachment(entry, imageLabel)}<div class="content">
${blocks(entry.blocks)}
</div>
</section>`;
}

export function chatHtml(doc: RichDocument): string {
  return `<!doctype html>
<html lang="${doc.locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)}</title>
<style>
body { font-family: system-ui, "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; line-height: 1.6; }
h1 { font-size: 1.5rem; } .exported { color: #6b7280; }
.message { border-top: 1px solid #e5e7eb; padding: 0.75rem 0; }
.message h2 { font-size: 0.95rem; margin: 0 0 0.4rem; } time { color: #6b7280; font-weight: normal; margin-left: 0.5rem; }
.content { overflow-wrap: anywhere; }
.content > :first-child { margin-top: 0; } .content > :last-child { margin-bottom: 0; }
.content h3, .content h4, .content h5, .content h6 { font-size: 1rem; margin: 1rem 0 0.25rem; }
p { margin: 0.5rem 0; }
blockquote { margin: 0.5rem 0; padding: 0.25rem 0.75rem; border-left: 4px solid #93c5fd; background: #f3f6fb; color: #374151; }
ul, ol { margin: 0.5rem 0; padding-left: 1.5rem; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; background: #f3f4f6; border-radius: 4px; padding: 0.1em 0.3em; }
pre { background: #f3f4f6; border-radius: 6px; padding: 0.75rem; overflow-x: auto; white-space: pre-wrap; }
pre code { background: none; padding: 0; }
a { color: #2563eb; }
sup.cite { color: #2563eb; font-size: 0.7em; }
.source { color: #6b7280; font-size: 0.9em; }
.attachment { margin: 0 0 0.5rem; } .attachment img { max-width: 100%; max-height: 24rem; border-radius: 6px; }
figcaption, p.attachment { color: #6b7280; font-size: 0.85em; }
hr { border: 0; border-top: 1px solid #e5e7eb; }
</style>
</head>
<body>
<h1>${escapeHtml(doc.title)}</h1>
<p class="exported">${escapeHtml(doc.exported)}</p>
${doc.entries.map((entry) => message(entry, doc.imageLabel)).join("\n")}
</body>
</html>
`;
}
