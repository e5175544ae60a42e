import "server-only";

// Lays text out into PDFs in a font merged for the text (pdf-fonts.ts: Noto Sans TC, with fallbacks
// for the characters it lacks), so Chinese survives: plain paragraphs here (through
// bench/lib/make-pdf.ts: parser fixtures and the ingestion benchmark), and the fonts and
// line-breaking rule for chat exports' rich text (pdf-layout.ts). Lines wrap the way typesetters
// do: Chinese anywhere between characters, Latin words and numbers whole.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { mergedFont, printable } from "./pdf-fonts";

export type Language = "zh" | "en";

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 72;
const FONT_SIZE = 11;
const LINE_HEIGHT = FONT_SIZE * 1.6;
// Extra space after a paragraph, so paragraph breaks are visible in the layout.
const PARAGRAPH_GAP = LINE_HEIGHT * 0.8;

/**
 * A line of text cut where a line may break: Chinese between any two Chinese characters; Latin
 * words and numbers ("1,378", "DVD/BD") whole; spaces as tokens of their own.
 */
export function breakTokens(text: string, language: Language): string[] {
  return language === "zh" ? (text.match(/[^\s\p{Script=Han}\u3000-\u303f\uff00-\uffef]+|\s+|./gsu) ?? []) : (text.match(/\S+|\s+/g) ?? []);
}

export class Typesetter {
  private page: PDFPage | null = null;
  /** Font size of the next paragraphs (headings are set larger). */
  size = FONT_SIZE;
  private y = 0;
  private readonly widths = new Map<string, number>();
  pageCount = 0;

  // Plain fields, not parameter properties: the export worker loads this file with Node's type
  // stripping, which erases types but does not rewrite constructors.
  private readonly doc: PDFDocument;
  private readonly font: PDFFont;
  private readonly language: Language;
  private readonly maxPages: number;

  constructor(doc: PDFDocument, font: PDFFont, language: Language, maxPages = Infinity) {
    this.doc = doc;
    this.font = font;
    this.language = language;
    this.maxPages = maxPages;
  }

  private width(char: string): number {
    let width = this.widths.get(char);
    if (width === undefined) {
      width = this.font.widthOfTextAtSize(char, FONT_SIZE);
      this.widths.set(char, width);
    }
    return (width * this.size) / FONT_SIZE;
  }

  newPage(): boolean {
    if (this.pageCount >= this.maxPages) return false;
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pageCount++;
    this.y = PAGE_HEIGHT - MARGIN - FONT_SIZE;
    return true;
  }

  /** Wrapped lines of one paragraph; "\n" in the text forces a line break there. */
  private wrap(text: string): string[] {
    const lines: string[] = [];
    const maxWidth = PAGE_WIDTH - 2 * MARGIN;
    for (const forced of text.split("\n")) {
      const tokens = breakTokens(forced, this.language);
      let line = "";
      let lineWidth = 0;
      for (const token of tokens) {
        let tokenWidth = 0;
        for (const char of token) tokenWidth += this.width(char);
        if (line !== "" && lineWidth + tokenWidth > maxWidth && token.trim() !== "") {
          lines.push(line.trimEnd());
          line = "";
          lineWidth = 0;
        }
        if (line === "" && token.trim() === "") continue;
        line += token;
        lineWidth += tokenWidth;
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /** Sets a paragraph, starting pages as needed; false once the page limit stops it. */
  paragraph(text: string): boolean {
    for (const line of this.wrap(text)) {
      if (!this.page || this.y < MARGIN) {
        if (!this.newPage()) return false;
      }
      this.page!.drawText(line, { x: MARGIN, y: this.y, size: this.size, font: this.font });
      this.y -= (LINE_HEIGHT * this.size) / FONT_SIZE;
    }
    this.y -= (PARAGRAPH_GAP * this.size) / FONT_SIZE;
    return true;
  }
}

/** The text as it is set: tabs and no-break spaces as spaces, control and invisible format characters left out. */
function clean(text: string): string {
  return [...text.replace(/[\t\r\u00a0]/g, " ")].filter((char) => char === "\n" || printable(char)).join("");
}

/** The characters `texts` set, as the merged font must hold them. */
function codePoints(texts: string[]): number[] {
  return texts.flatMap((text) => [...clean(text)].filter((char) => char !== "\n").map((char) => char.codePointAt(0)!));
}

/** A document with one font covering `texts`, and the function that gives a text as it is set. */
export async function preparePdf(texts: string[]): Promise<{ doc: PDFDocument; font: PDFFont; clean: (text: string) => string }> {
  const font = mergedFont(codePoints(texts));
  // No dates or producer in the file, so regenerated fixtures are byte-identical.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  return { doc, font: await doc.embedFont(font, { subset: true }), clean };
}

/** Fonts for rich text: the merged font in both weights, and Courier for the ASCII of code. */
export interface RichFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** A standard PDF font (nothing embedded); it has Latin-1 only, so code's other characters use `regular`. */
  mono: PDFFont;
}

/**
 * A document with fonts covering `texts` (each weight merged only from the characters set in it;
 * only the glyphs drawn are embedded), and the function that gives a text as it is set.
 */
export async function prepareRichPdf(texts: { regular: string[]; bold: string[] }): Promise<{ doc: PDFDocument; fonts: RichFonts; clean: (text: string) => string }> {
  const regular = mergedFont(codePoints(texts.regular), 400);
  const bold = mergedFont(codePoints(texts.bold), 700);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const fonts = {
    regular: await doc.embedFont(regular, { subset: true }),
    bold: await doc.embedFont(bold, { subset: true }),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  return { doc, fonts, clean };
}
