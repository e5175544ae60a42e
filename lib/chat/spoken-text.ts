import { parseMarkdown, type Block, type Inline } from "./markdown";

// What the chat's live region says when a reply has finished (chat-conversation.tsx): the reply's
// words as a screen reader should speak them, not its Markdown. Quote marks, emphasis stars and
// the [n] citations read aloud as symbols ("greater than", "left bracket 1") are noise; the
// citations stay on screen as chips for whoever wants them.

function inlineText(inlines: Inline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.type) {
        case "text":
        case "code":
          return inline.text;
        case "strong":
        case "em":
        case "link":
          return inlineText(inline.children);
        case "break":
          return "\n";
        case "cite":
          return "";
      }
    })
    .join("");
}

function blockText(block: Block): string {
  switch (block.type) {
    case "paragraph":
    case "heading":
      return inlineText(block.inlines);
    case "quote":
      return block.blocks.map(blockText).join("\n");
    case "list":
      return block.items.map((item) => [inlineText(item.inlines), ...item.blocks.map(blockText)].join("\n")).join("\n");
    case "code":
      return block.text;
    case "rule":
      return "";
  }
}

/** The reply as words: no Markdown marks, no citation numbers, one block per line. */
export function spokenText(markdown: string): string {
  return parseMarkdown(markdown)
    .map(blockText)
    .map((text) => text.replace(/[ \t]+\n/g, "\n").replace(/[ \t]{2,}/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
