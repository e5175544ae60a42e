import "server-only";
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  TextRun,
  type ILevelsOptions,
  type ParagraphChild,
} from "docx";
import type { Block, Inline } from "@/lib/chat/markdown";
import { citationText, imagePlaceholder, isSourceLine, type RichDocument, type RichEntry } from "./export-content";
import { fitWithin, printImage } from "./export-image";

// The conversation as a Word document built from Word's own vocabulary: quotes in the built-in
// "Quote" style, lists as real numbering (so Word renumbers and indents them), code in "HTML Code"
// and "HTML Preformatted", links as hyperlinks, attached images inline. Word and readers such as
// mammoth then see the structure, not characters that look like it.

const MUTED = "6B7280";
const ACCENT = "2563EB";
const MONO = { ascii: "Consolas", hAnsi: "Consolas", cs: "Consolas" };
const CODE_FILL = { type: ShadingType.CLEAR, color: "auto", fill: "F3F4F6" };
// Twips: each quote or list level indents a quarter inch more.
const STEP = 360;
// Pixels at 96 dpi: the text width of Word's default A4 page, and a height that leaves room for the message around it.
const IMAGE_MAX_WIDTH = 600;
const IMAGE_MAX_HEIGHT = 360;

interface Format {
  bold?: boolean;
  italics?: boolean;
  color?: string;
}

interface Context {
  indent: number;
  quote: boolean;
  listLevel: number;
}

/** Numbering definitions the document needs: one bullet list, and a decimal one per first number used. */
class Lists {
  private instance = 0;
  readonly starts = new Set<number>();

  next(ordered: boolean, start: number): { reference: string; instance: number } {
    if (ordered) this.starts.add(start);
    return { reference: ordered ? `ordered-${start}` : "bullet", instance: ++this.instance };
  }

  config() {
    const levels = (level: (i: number) => Omit<ILevelsOptions, "level">) => Array.from({ length: 9 }, (_, i) => ({ level: i, alignment: AlignmentType.START, ...level(i) }));
    const indent = (i: number) => ({ paragraph: { indent: { left: STEP * (i + 1), hanging: STEP } } });
    return [
      { reference: "bullet", levels: levels((i) => ({ format: LevelFormat.BULLET, text: ["•", "◦", "▪"][i % 3], style: indent(i) })) },
      ...[...this.starts].map((start) => ({
        reference: `ordered-${start}`,
        levels: levels((i) => ({ format: LevelFormat.DECIMAL, text: `%${i + 1}.`, start: i === 0 ? start : 1, style: indent(i) })),
      })),
    ];
  }
}

function runs(nodes: Inline[], format: Format, inLink = false): ParagraphChild[] {
  return nodes.flatMap((node): ParagraphChild[] => {
    const style = inLink ? "Hyperlink" : undefined;
    switch (node.type) {
      case "text":
        return [new TextRun({ text: node.text, style, ...format })];
      case "strong":
        return runs(node.children, { ...format, bold: true }, inLink);
      case "em":
        return runs(node.children, { ...format, italics: true }, inLink);
      case "code":
        return [new TextRun({ text: node.text, style: style ?? "HTMLCode", ...format })];
      case "link":
        // A link inside a link (a bare URL in a link's text) stays the outer link's text.
        return inLink ? runs(node.children, format, true) : [new ExternalHyperlink({ link: node.href, children: runs(node.children, format, true) as TextRun[] })];
      case "cite":
        return [new TextRun({ text: citationText(node.n), superScript: true, color: ACCENT })];
      case "break":
        return [new TextRun({ break: 1 })];
    }
  });
}

function textParagraph(children: ParagraphChild[], ctx: Context): Paragraph {
  return ctx.quote
    ? new Paragraph({ style: "Quote", indent: { left: ctx.indent }, children })
    : new Paragraph({ indent: ctx.indent ? { left: ctx.indent } : undefined, children });
}

function paragraphs(list: Block[], ctx: Context, lists: Lists): Paragraph[] {
  return list.flatMap((block): Paragraph[] => {
    switch (block.type) {
      case "paragraph":
        return [textParagraph(runs(block.inlines, isSourceLine(block) ? { color: MUTED } : {}), ctx)];
      case "heading": {
        const heading = [HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6][Math.min(3, block.level - 1)];
        return [new Paragraph({ heading, indent: ctx.indent ? { left: ctx.indent } : undefined, children: runs(block.inlines, {}) })];
      }
      case "quote":
        return paragraphs(block.blocks, { ...ctx, quote: true, indent: ctx.indent + STEP }, lists);
      case "list": {
        // Each list is its own numbering instance, so every list counts from its own first number.
        const { reference, instance } = lists.next(block.ordered, block.start);
        const indent = ctx.indent + STEP;
        const level = Math.min(8, ctx.listLevel);
        return block.items.flatMap((item) => [
          new Paragraph({ style: ctx.quote ? "Quote" : undefined, numbering: { reference, level, instance }, indent: { left: indent, hanging: STEP }, children: runs(item.inlines, {}) }),
          ...paragraphs(item.blocks, { ...ctx, indent, listLevel: ctx.listLevel + 1 }, lists),
        ]);
      }
      case "code": {
        const lines = block.text.split("\n");
        return [new Paragraph({ style: "HTMLPreformatted", indent: ctx.indent ? { left: ctx.indent } : undefined, children: lines.map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined })) })];
      }
      case "rule":
        return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "D1D5DB", space: 1 } }, children: [] })];
    }
  });
}

async function attachment(entry: RichEntry, imageLabel: string): Promise<Paragraph[]> {
  if (!entry.imageData && !entry.imageFileName) return [];
  const image = await printImage(entry.imageData);
  const name = imagePlaceholder(imageLabel, entry.imageFileName);
  if (!image) return [new Paragraph({ children: [new TextRun({ text: name, color: MUTED })] })];
  const size = fitWithin(image.width, image.height, IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT);
  const alt = entry.imageFileName ?? imageLabel;
  return [
    new Paragraph({
      children: [new ImageRun({ type: image.type === "jpeg" ? "jpg" : "png", data: image.bytes, transformation: size, altText: { name: alt, description: alt, title: alt } })],
    }),
  ];
}

export async function chatDocx(doc: RichDocument): Promise<Uint8Array> {
  const lists = new Lists();
  const body: Paragraph[] = [];
  for (const entry of doc.entries) {
    body.push(
      new Paragraph({ spacing: { before: 240 }, keepNext: true, children: [new TextRun({ text: entry.label, bold: true }), new TextRun({ text: `  ${entry.time}`, color: MUTED })] }),
      ...(await attachment(entry, doc.imageLabel)),
      ...paragraphs(entry.blocks, { indent: 0, quote: false, listLevel: 0 }, lists),
    );
  }
  const document = new Document({
    creator: "DocChat",
    title: doc.title,
    styles: {
      paragraphStyles: [
        {
          id: "Quote",
          name: "Quote",
          basedOn: "Normal",
          next: "Normal",
          run: { color: "374151" },
          paragraph: { indent: { left: STEP }, border: { left: { style: BorderStyle.SINGLE, size: 18, color: "93C5FD", space: 8 } } },
        },
        {
          id: "HTMLPreformatted",
          name: "HTML Preformatted",
          basedOn: "Normal",
          run: { font: MONO, size: 19 },
          paragraph: { shading: CODE_FILL, spacing: { before: 60, after: 60 } },
        },
      ],
      characterStyles: [{ id: "HTMLCode", name: "HTML Code", basedOn: "DefaultParagraphFont", run: { font: MONO, shading: CODE_FILL } }],
    },
    numbering: { config: lists.config() },
    sections: [
      {
        children: [
          new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE }),
          new Paragraph({ children: [new TextRun({ text: doc.exported, color: MUTED })] }),
          ...body,
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
