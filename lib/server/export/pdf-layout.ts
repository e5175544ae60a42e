import "server-only";
import {
  PDFString,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  type RGB,
} from "pdf-lib";
import { breakTokens, type RichFonts } from "./pdf-typesetter";

// Rich text on A4 pages: styled spans (bold, italic, code, links, citation marks) wrapped by the
// typesetter's own line-breaking rule, in frames that indent them, draw quote bars beside them
// or shade them as code, and images. Decorations are drawn line by line, so a quote or a code
// block that runs over a page break continues on the next page without any bookkeeping.
// Only the document and fonts it is given are touched: the layout can run wherever they live.

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_HEIGHT = PAGE_HEIGHT - 2 * MARGIN;

const INK = rgb(0.12, 0.16, 0.22);
const LINK = rgb(0.15, 0.39, 0.92);
const BAR = rgb(0.58, 0.77, 0.99);
const SHADE = rgb(0.953, 0.957, 0.965);
const RULE = rgb(0.82, 0.84, 0.86);
const BAR_WIDTH = 2.5;
const SHADE_PAD = 6;
// Synthetic italic: Noto Sans TC has no italic, and a 12° slant is what Word does without one.
const SLANT = Math.tan((12 * Math.PI) / 180);

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** Set in Courier where it is printable ASCII; other characters of code stay in the merged font. */
  code?: boolean;
  link?: string;
  color?: RGB;
  /** Smaller and raised, as a citation mark. */
  superscript?: boolean;
}

/** Where a block sits: its left indent, the quote bars beside it (their x from the margin), and whether it is shaded as code. */
export interface Frame {
  indent: number;
  bars: number[];
  shade?: boolean;
}

export interface TextStyle {
  size: number;
  color?: RGB;
  lineHeight?: number;
  /** Code: spaces kept and long lines broken anywhere. */
  preformatted?: boolean;
  /** A bullet or "3." set in the hanging indent of the first line; the text starts `hang` further right. */
  marker?: Span;
  hang?: number;
}

export interface LayoutImage {
  type: "png" | "jpeg";
  bytes: Uint8Array;
  width: number;
  height: number;
}

export type Op =
  | { kind: "text"; spans: Span[]; frame: Frame; style: TextStyle }
  | { kind: "space"; height: number; frame: Frame }
  | { kind: "rule"; frame: Frame }
  /** `fallback` names the image where its bytes turn out not to embed. */
  | { kind: "image"; image: LayoutImage; fallback: Span; frame: Frame }
  /** Starts a new page unless this much room is left, so a heading is not left alone at a page's foot. */
  | { kind: "keep"; height: number };

/** Every character `ops` sets in each Noto weight (Courier is built into PDF readers). */
export function opTexts(ops: readonly Op[]): { regular: string[]; bold: string[] } {
  const regular: string[] = [];
  const bold: string[] = [];
  for (const op of ops) {
    if (op.kind === "image") regular.push(op.fallback.text);
    if (op.kind !== "text") continue;
    for (const span of op.style.marker ? [op.style.marker, ...op.spans] : op.spans) (span.bold ? bold : regular).push(span.text);
  }
  return { regular, bold };
}

/**
 * An image's size on the page: pixels as CSS pixels (96 to the inch), never wider than the text or
 * taller than a third of a page (a phone's portrait photo at half a page left most of it blank).
 */
export function imageSize(image: LayoutImage, frame: Frame): { width: number; height: number } {
  const scale = Math.min(0.75, (CONTENT_WIDTH - frame.indent) / image.width, (CONTENT_HEIGHT / 3) / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

const isCourier = (char: string) => char >= " " && char <= "~";

interface Line {
  from: number;
  to: number;
}

export class PdfLayout {
  private page: PDFPage | null = null;
  /** Top of the next line box. */
  private y = 0;
  private readonly widths = new Map<PDFFont, Map<string, number>>();
  // pdf-lib's drawText adds a font resource on every call that names a font; text is written as
  // operators instead, with one resource per font and page.
  private fontKeys = new Map<PDFFont, PDFName>();

  // Plain fields, not parameter properties: the export worker loads this file with Node's type
  // stripping, which erases types but does not rewrite constructors.
  private readonly doc: PDFDocument;
  private readonly fonts: RichFonts;

  constructor(doc: PDFDocument, fonts: RichFonts) {
    this.doc = doc;
    this.fonts = fonts;
  }

  run(op: Op): Promise<void> | void {
    switch (op.kind) {
      case "text":
        return this.text(op.spans, op.frame, op.style);
      case "space":
        return this.space(op.height, op.frame);
      case "rule":
        return this.rule(op.frame);
      case "image":
        return this.image(op.image, op.fallback, op.frame);
      case "keep":
        if (!this.page || this.y - op.height < MARGIN) this.newPage();
    }
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.fontKeys = new Map();
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Room for `height` on this page, starting a new one if needed. */
  private room(height: number): PDFPage {
    if (!this.page || this.y - height < MARGIN) this.newPage();
    return this.page!;
  }

  private fontFor(span: Span, char: string): PDFFont {
    if (span.code && isCourier(char)) return this.fonts.mono;
    return span.bold ? this.fonts.bold : this.fonts.regular;
  }

  private charWidth(font: PDFFont, char: string): number {
    let cache = this.widths.get(font);
    if (!cache) this.widths.set(font, (cache = new Map()));
    let width = cache.get(char);
    if (width === undefined) {
      width = font.widthOfTextAtSize(char, 1);
      cache.set(char, width);
    }
    return width;
  }

  private sizeOf(span: Span, size: number): number {
    return span.superscript ? size * 0.7 : span.code ? size * 0.92 : size;
  }

  /** Frame decorations for the band from `top` down `height`: shading first, then quote bars over it. */
  private decorate(page: PDFPage, top: number, height: number, frame: Frame): void {
    if (frame.shade) {
      page.drawRectangle({ x: MARGIN + frame.indent, y: top - height, width: CONTENT_WIDTH - frame.indent, height, color: SHADE });
    }
    for (const bar of frame.bars) page.drawRectangle({ x: MARGIN + bar, y: top - height, width: BAR_WIDTH, height, color: BAR });
  }

  private space(height: number, frame: Frame): void {
    if (!this.page || this.y - height < MARGIN) {
      // A gap that does not fit ends the page; the next line starts the next one.
      this.y = MARGIN;
      return;
    }
    this.decorate(this.page, this.y, height, frame);
    this.y -= height;
  }

  private rule(frame: Frame): void {
    const page = this.room(12);
    const y = this.y - 6;
    page.drawLine({ start: { x: MARGIN + frame.indent, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.75, color: RULE });
    this.y -= 12;
  }

  private async image(image: LayoutImage, fallback: Span, frame: Frame): Promise<void> {
    let embedded: PDFImage;
    try {
      embedded = image.type === "png" ? await this.doc.embedPng(image.bytes) : await this.doc.embedJpg(image.bytes);
    } catch {
      this.text([fallback], frame, { size: 9 });
      return;
    }
    const { width, height } = imageSize(image, frame);
    const page = this.room(height);
    page.drawImage(embedded, { x: MARGIN + frame.indent, y: this.y - height, width, height });
    this.y -= height;
  }

  /** Wrapped lines of `chars` (one entry per code point; "\n" forces a break) within `maxWidth`. */
  private wrap(chars: string[], owners: Span[], size: number, maxWidth: number, preformatted: boolean): Line[] {
    const lines: Line[] = [];
    const width = (at: number) => this.charWidth(this.fontFor(owners[at], chars[at]), chars[at]) * this.sizeOf(owners[at], size);
    let start = 0;
    while (start <= chars.length) {
      let end = chars.indexOf("\n", start);
      if (end === -1) end = chars.length;
      let line: Line = { from: start, to: start };
      let lineWidth = 0;
      const push = () => {
        let to = line.to;
        while (to > line.from && /\s/.test(chars[to - 1])) to--;
        lines.push({ from: line.from, to });
      };
      let at = start;
      const tokens = preformatted ? chars.slice(start, end) : breakTokens(chars.slice(start, end).join(""), "zh");
      for (const token of tokens) {
        const length = [...token].length;
        const from = at;
        at += length;
        const space = token.trim() === "";
        if (space && line.to === line.from && !preformatted) {
          line = { from: at, to: at };
          continue;
        }
        let tokenWidth = 0;
        for (let i = from; i < at; i++) tokenWidth += width(i);
        if (!space && line.to > line.from && lineWidth + tokenWidth > maxWidth) {
          push();
          line = { from, to: from };
          lineWidth = 0;
        }
        if (!space && tokenWidth > maxWidth) {
          // Longer than a whole line (a long URL, a run of code): broken between characters.
          for (let i = from; i < at; i++) {
            const w = width(i);
            if (line.to > line.from && lineWidth + w > maxWidth) {
              push();
              line = { from: i, to: i };
              lineWidth = 0;
            }
            line.to = i + 1;
            lineWidth += w;
          }
          continue;
        }
        line.to = at;
        lineWidth += tokenWidth;
      }
      push();
      start = end + 1;
    }
    return lines;
  }

  private text(spans: Span[], frame: Frame, style: TextStyle): void {
    const chars: string[] = [];
    const owners: Span[] = [];
    for (const span of spans) {
      for (const char of span.text) {
        chars.push(char);
        owners.push(span);
      }
    }
    const hang = style.hang ?? 0;
    const left = MARGIN + frame.indent + hang;
    const pad = frame.shade ? SHADE_PAD : 0;
    const lineHeight = style.lineHeight ?? style.size * 1.6;
    const lines = this.wrap(chars, owners, style.size, PAGE_WIDTH - MARGIN - left - pad * 2, Boolean(style.preformatted));
    lines.forEach((line, index) => {
      const page = this.room(lineHeight);
      this.decorate(page, this.y, lineHeight, frame);
      // The baseline that centres a Chinese character (from 0.12 em below it to 0.88 above) in the line.
      const baseline = this.y - lineHeight / 2 - style.size * 0.38;
      const ops: PDFOperator[] = [];
      if (index === 0 && style.marker) {
        const marker = [...style.marker.text];
        this.drawSpan(page, ops, marker, 0, marker.length, style.marker, MARGIN + frame.indent, baseline, style);
      }
      let x = left + pad;
      let at = line.from;
      while (at < line.to) {
        const span = owners[at];
        let end = at + 1;
        while (end < line.to && owners[end] === span) end++;
        x = this.drawSpan(page, ops, chars, at, end, span, x, baseline, style);
        at = end;
      }
      if (ops.length > 0) page.pushOperators(pushGraphicsState(), beginText(), ...ops, endText(), popGraphicsState());
      this.y -= lineHeight;
    });
  }

  /** Sets chars[from, to) of one span from `x` (into `ops`, one text run per font); returns where it ends. */
  private drawSpan(page: PDFPage, ops: PDFOperator[], chars: string[], from: number, to: number, span: Span, x: number, baseline: number, style: TextStyle): number {
    const size = this.sizeOf(span, style.size);
    const y = span.superscript ? baseline + style.size * 0.35 : baseline;
    const color = span.color ?? (span.link ? LINK : (style.color ?? INK));
    const startX = x;
    let at = from;
    while (at < to) {
      const font = this.fontFor(span, chars[at]);
      let end = at + 1;
      while (end < to && this.fontFor(span, chars[end]) === font) end++;
      const text = chars.slice(at, end).join("");
      let key = this.fontKeys.get(font);
      if (!key) this.fontKeys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
      ops.push(setFillingColor(color), setFontAndSize(key, size), setTextMatrix(1, 0, span.italic ? SLANT : 0, 1, x, y), showText(font.encodeText(text)));
      for (let i = at; i < end; i++) x += this.charWidth(font, chars[i]) * size;
      at = end;
    }
    if (span.link && x > startX) {
      page.drawLine({ start: { x: startX, y: y - size * 0.15 }, end: { x, y: y - size * 0.15 }, thickness: 0.5, color: LINK });
      this.linkArea(page, span.link, [startX, y - size * 0.3, x, y + size * 0.9]);
    }
    return x;
  }

  private linkArea(page: PDFPage, href: string, rect: [number, number, number, number]): void {
    const annotation = this.doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: rect,
      Border: [0, 0, 0],
      A: { Type: "Action", S: "URI", URI: PDFString.of(href) },
    });
    page.node.addAnnot(this.doc.context.register(annotation));
  }
}
