import "server-only";
import { rgb, type RGB } from "pdf-lib";
import type { Block, Inline } from "@/lib/chat/markdown";
import { citationText, imagePlaceholder, isSourceLine, type RichDocument } from "./export-content";
import { printImage } from "./export-image";
import { PdfLayout, imageSize, opTexts, type Frame, type Op, type Span } from "./pdf-layout";
import { prepareRichPdf } from "./pdf-typesetter";

// The conversation as a PDF: the document is first described as layout operations, which tell
// exactly which characters each font weight must hold, then set. A pure function of the
// conversation, so it can move to a worker thread as it is.

const BODY = 10.5;
const MUTED = rgb(0.42, 0.45, 0.5);
const QUOTE_INK = rgb(0.22, 0.25, 0.32);
const ACCENT = rgb(0.15, 0.39, 0.92);
const GAP = BODY * 0.6;
const QUOTE_STEP = 14;
const BULLETS = ["•", "◦", "▪"];
const ROOT: Frame = { indent: 0, bars: [] };

type Format = Omit<Span, "text">;

function spans(nodes: Inline[], format: Format = {}): Span[] {
  return nodes.flatMap((node): Span[] => {
    switch (node.type) {
      case "text":
        return [{ ...format, text: node.text }];
      case "strong":
        return spans(node.children, { ...format, bold: true });
      case "em":
        return spans(node.children, { ...format, italic: true });
      case "code":
        return [{ ...format, text: node.text, code: true }];
      case "link":
        // A bare URL inside a link's text stays part of the outer link.
        return spans(node.children, format.link ? format : { ...format, link: node.href });
      case "cite":
        return [{ text: citationText(node.n), bold: format.bold, superscript: true, color: ACCENT }];
      case "break":
        return [{ ...format, text: "\n" }];
    }
  });
}

const HEADING_SIZES = [1.35, 1.2, 1.1];

function blockOps(blocks: Block[], frame: Frame, depth: number, ink: RGB | undefined, out: Op[]): void {
  blocks.forEach((block, i) => {
    if (i > 0) out.push({ kind: "space", height: GAP, frame });
    switch (block.type) {
      case "paragraph":
        out.push({ kind: "text", spans: spans(block.inlines), frame, style: isSourceLine(block) ? { size: BODY * 0.92, color: MUTED } : { size: BODY, color: ink } });
        break;
      case "heading": {
        const size = BODY * (HEADING_SIZES[block.level - 1] ?? 1);
        out.push({ kind: "keep", height: size * 5 }, { kind: "text", spans: spans(block.inlines, { bold: true }), frame, style: { size, color: ink } });
        break;
      }
      case "quote": {
        const inner: Frame = { ...frame, indent: frame.indent + QUOTE_STEP, bars: [...frame.bars, frame.indent + 2] };
        out.push({ kind: "space", height: 2, frame: inner });
        blockOps(block.blocks, inner, depth, QUOTE_INK, out);
        out.push({ kind: "space", height: 2, frame: inner });
        break;
      }
      case "list": {
        const markers = block.items.map((_, j) => (block.ordered ? `${block.start + j}.` : BULLETS[depth % BULLETS.length]));
        const hang = block.ordered ? BODY * (0.55 * Math.max(...markers.map((m) => m.length)) + 0.5) : BODY * 1.3;
        block.items.forEach((item, j) => {
          if (j > 0) out.push({ kind: "space", height: GAP * 0.4, frame });
          out.push({ kind: "text", spans: spans(item.inlines), frame, style: { size: BODY, color: ink, marker: { text: markers[j], color: ink }, hang } });
          if (item.blocks.length > 0) {
            const nested: Frame = { ...frame, indent: frame.indent + hang };
            out.push({ kind: "space", height: GAP * 0.4, frame: nested });
            blockOps(item.blocks, nested, depth + 1, ink, out);
          }
        });
        break;
      }
      case "code": {
        const shaded: Frame = { ...frame, shade: true };
        const lineHeight = BODY * 1.45;
        out.push(
          { kind: "keep", height: Math.min(4, block.text.split("\n").length) * lineHeight + 10 },
          { kind: "space", height: 5, frame: shaded },
          { kind: "text", spans: [{ text: block.text, code: true }], frame: shaded, style: { size: BODY * 0.95, lineHeight, color: ink, preformatted: true } },
          { kind: "space", height: 5, frame: shaded },
        );
        break;
      }
      case "rule":
        out.push({ kind: "rule", frame });
        break;
    }
  });
}

async function documentOps(doc: RichDocument): Promise<Op[]> {
  const ops: Op[] = [
    { kind: "text", spans: [{ text: doc.title, bold: true }], frame: ROOT, style: { size: 18 } },
    { kind: "text", spans: [{ text: doc.exported }], frame: ROOT, style: { size: 9, color: MUTED } },
  ];
  for (const entry of doc.entries) {
    const image = entry.imageData ? await printImage(entry.imageData) : null;
    // The header stays with what follows it: the image, or the first lines of the message.
    ops.push(
      { kind: "keep", height: 72 + (image ? imageSize(image, ROOT).height : 0) },
      { kind: "space", height: 8, frame: ROOT },
      { kind: "rule", frame: ROOT },
      { kind: "text", spans: [{ text: entry.label, bold: true }, { text: `  ${entry.time}`, color: MUTED }], frame: ROOT, style: { size: 10 } },
      { kind: "space", height: 4, frame: ROOT },
    );
    if (entry.imageData || entry.imageFileName) {
      const name: Span = { text: imagePlaceholder(doc.imageLabel, entry.imageFileName), color: MUTED };
      ops.push(image ? { kind: "image", image, fallback: name, frame: ROOT } : { kind: "text", spans: [name], frame: ROOT, style: { size: 9 } });
      ops.push({ kind: "space", height: GAP, frame: ROOT });
    }
    blockOps(entry.blocks, ROOT, 0, undefined, ops);
  }
  return ops;
}

export async function chatPdf(doc: RichDocument): Promise<Uint8Array> {
  const ops = await documentOps(doc);
  const { doc: pdf, fonts, clean } = await prepareRichPdf(opTexts(ops));
  pdf.setTitle(doc.title);
  const layout = new PdfLayout(pdf, fonts);
  const cleanSpan = (span: Span): Span => ({ ...span, text: clean(span.text) });
  for (const op of ops) {
    if (op.kind === "text") await layout.run({ ...op, spans: op.spans.map(cleanSpan), style: op.style.marker ? { ...op.style, marker: cleanSpan(op.style.marker) } : op.style });
    else if (op.kind === "image") await layout.run({ ...op, fallback: cleanSpan(op.fallback) });
    else await layout.run(op);
  }
  return pdf.save();
}
