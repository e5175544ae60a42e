import "server-only";
import type { Locale } from "@/lib/constants";
import { parseMarkdown, type Block, type Inline } from "@/lib/chat/markdown";

// What every rich format (HTML, Word, PDF) lays out: per message its header and its content as
// blocks. Replies are read as Markdown by the chat view's own parser, so a reply exports as it
// reads on screen; the user's own words are kept as typed, as the chat shows them.

export interface RichEntry {
  role: "user" | "assistant";
  label: string;
  time: string;
  blocks: Block[];
  /** A data URL the server checked when the message was sent (PNG, JPEG, GIF or WebP), or null. */
  imageData: string | null;
  imageFileName: string | null;
}

export interface RichDocument {
  locale: Locale;
  title: string;
  exported: string;
  /** Names an attached image where it cannot be shown: "圖片" / "Image". */
  imageLabel: string;
  entries: RichEntry[];
}

/** The user's text as paragraphs (split at blank lines) with its line breaks, and no Markdown. */
function plainBlocks(text: string): Block[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .filter((part) => part.trim() !== "")
    .map((part) => ({
      type: "paragraph",
      inlines: part.split("\n").flatMap((line, i): Inline[] => (i === 0 ? [{ type: "text", text: line }] : [{ type: "break" }, { type: "text", text: line }])),
    }));
}

export function contentBlocks(role: "user" | "assistant", content: string): Block[] {
  return role === "assistant" ? parseMarkdown(content) : plainBlocks(content);
}

/**
 * The line under a quoted passage that names its source ("— 《文件》 第 2 頁", "— *file*, page 2"):
 * set apart in a quieter style, as a quotation's attribution is.
 */
export function isSourceLine(block: Block): boolean {
  return block.type === "paragraph" && block.inlines[0]?.type === "text" && /^[—–]\s/.test(block.inlines[0].text);
}

/** `[1]` as the reader sees it in print. */
export function citationText(n: number): string {
  return `[${n}]`;
}

/** The "[圖片: 收據.png]" line that stands for an image a format cannot show. */
export function imagePlaceholder(label: string, fileName: string | null): string {
  return fileName ? `[${label}: ${fileName}]` : `[${label}]`;
}
