import "server-only";

// Lays text out into PDFs with an embedded Noto Sans TC, so Chinese survives: plain paragraphs
// here (through bench/lib/make-pdf.ts: parser fixtures and the ingestion benchmark), and the fonts
// and line-breaking rule for chat exports' rich text (pdf-layout.ts). Lines wrap the way
// typesetters do: Chinese anywhere between characters, Latin words and numbers whole.
//
// Fontsource ships Noto Sans TC split into ~100 files by Unicode range. Using them as ~100 PDF
// fonts would make every other character its own text run, which is nothing like a real
// document and makes pdf.js several times slower; so the glyphs a document needs are merged
// into one TrueType font first, and each PDF uses that single font, as Word's exports do.
import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

export type Language = "zh" | "en";
/** Noto Sans TC's regular and bold weights; bold sets headings, labels and **strong** text. */
export type Weight = 400 | 700;

const FONT_DIR = path.join(process.cwd(), "node_modules/@fontsource/noto-sans-tc");
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 72;
const FONT_SIZE = 11;
const LINE_HEIGHT = FONT_SIZE * 1.6;
// Extra space after a paragraph, so paragraph breaks are visible in the layout.
const PARAGRAPH_GAP = LINE_HEIGHT * 0.8;

// ---------------------------------------------------------------- fonts

type Tables = Map<string, Buffer>;
type SourceFont = { tables: Tables; glyphFor: (codePoint: number) => number };

let subsetRanges: { key: string; ranges: [number, number][] }[] | null = null;
const sourceFonts = new Map<string, SourceFont>();

/** The fontsource file whose Unicode range holds a character. */
function subsetFor(codePoint: number): string | null {
  subsetRanges ??= Object.entries(JSON.parse(readFileSync(path.join(FONT_DIR, "unicode.json"), "utf8")) as Record<string, string>).map(
    ([key, value]) => ({
      key: key.replace(/[[\]]/g, ""),
      ranges: value.split(",").map((part): [number, number] => {
        const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
        return [parseInt(from, 16), parseInt(to ?? from, 16)];
      }),
    }),
  );
  return subsetRanges.find(({ ranges }) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to))?.key ?? null;
}

/** WOFF tables, inflated with Node's zlib (fontkit's own inflater fails on some of these files). */
function woffTables(woff: Buffer): Tables {
  const tables: Tables = new Map();
  for (let i = 0; i < woff.readUInt16BE(12); i++) {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const raw = woff.subarray(offset, offset + compressed);
    tables.set(woff.toString("latin1", at, at + 4), compressed < woff.readUInt32BE(at + 12) ? inflateSync(raw) : raw);
  }
  return tables;
}

function sfnt(tables: Tables): Buffer {
  const tags = [...tables.keys()].sort();
  const headerSize = 12 + tags.length * 16;
  const out = Buffer.alloc(tags.reduce((sum, tag) => sum + ((tables.get(tag)!.length + 3) & ~3), headerSize));
  const entrySelector = Math.floor(Math.log2(tags.length));
  out.writeUInt32BE(0x00010000, 0);
  out.writeUInt16BE(tags.length, 4);
  out.writeUInt16BE(2 ** entrySelector * 16, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(tags.length * 16 - 2 ** entrySelector * 16, 10);
  let dataAt = headerSize;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    let checksum = 0;
    for (let j = 0; j < data.length; j += 4) {
      checksum = (checksum + ((data[j] << 24) | ((data[j + 1] ?? 0) << 16) | ((data[j + 2] ?? 0) << 8) | (data[j + 3] ?? 0))) >>> 0;
    }
    out.write(tag, 12 + i * 16, "latin1");
    out.writeUInt32BE(checksum, 12 + i * 16 + 4);
    out.writeUInt32BE(dataAt, 12 + i * 16 + 8);
    out.writeUInt32BE(data.length, 12 + i * 16 + 12);
    data.copy(out, dataAt);
    dataAt += (data.length + 3) & ~3;
  });
  return out;
}

function sourceFont(key: string, weight: Weight): SourceFont {
  let font = sourceFonts.get(`${key}-${weight}`);
  if (!font) {
    const tables = woffTables(readFileSync(path.join(FONT_DIR, "files", `noto-sans-tc-${key}-${weight}-normal.woff`)));
    const parsed = fontkit.create(sfnt(tables));
    font = { tables, glyphFor: (codePoint) => (parsed.hasGlyphForCodePoint(codePoint) ? parsed.glyphForCodePoint(codePoint).id : 0) };
    sourceFonts.set(`${key}-${weight}`, font);
  }
  return font;
}

function glyphData(font: SourceFont, glyph: number): Buffer {
  const loca = font.tables.get("loca")!;
  const long = font.tables.get("head")!.readInt16BE(50) === 1;
  const start = long ? loca.readUInt32BE(glyph * 4) : loca.readUInt16BE(glyph * 2) * 2;
  const end = long ? loca.readUInt32BE(glyph * 4 + 4) : loca.readUInt16BE(glyph * 2 + 2) * 2;
  return Buffer.from(font.tables.get("glyf")!.subarray(start, end));
}

function horizontalMetrics(font: SourceFont, glyph: number): [number, number] {
  const hmtx = font.tables.get("hmtx")!;
  const metrics = font.tables.get("hhea")!.readUInt16BE(34);
  if (glyph < metrics) return [hmtx.readUInt16BE(glyph * 4), hmtx.readInt16BE(glyph * 4 + 2)];
  return [hmtx.readUInt16BE((metrics - 1) * 4), hmtx.readInt16BE(metrics * 4 + (glyph - metrics) * 2)];
}

/**
 * One TrueType font holding the glyphs for `codePoints`, taken from the fontsource files
 * that cover them (composite glyphs bring their components). Characters no file covers
 * are left out and returned, so the caller can drop them from the text.
 */
function mergedFont(codePoints: number[], weight: Weight = 400): { font: Buffer; missing: Set<number> } {
  const base = sourceFont("latin", weight);
  const glyphs: { data: Buffer; metrics: [number, number] }[] = [];
  const ids = new Map<string, number>();
  const maxp = Buffer.from(base.tables.get("maxp")!);
  const add = (key: string, font: SourceFont, glyph: number): number => {
    const id = `${key}:${glyph}`;
    const known = ids.get(id);
    if (known !== undefined) return known;
    const index = glyphs.length;
    ids.set(id, index);
    const entry = { data: glyphData(font, glyph), metrics: horizontalMetrics(font, glyph) };
    glyphs.push(entry);
    const source = font.tables.get("maxp")!;
    for (let at = 6; at + 2 <= Math.min(maxp.length, source.length); at += 2) maxp.writeUInt16BE(Math.max(maxp.readUInt16BE(at), source.readUInt16BE(at)), at);
    if (entry.data.length >= 10 && entry.data.readInt16BE(0) < 0) {
      // Composite glyph: copy its components too and renumber the references.
      let at = 10;
      for (;;) {
        const flags = entry.data.readUInt16BE(at);
        entry.data.writeUInt16BE(add(key, font, entry.data.readUInt16BE(at + 2)), at + 2);
        at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
        if (!(flags & 0x0020)) break;
      }
    }
    return index;
  };
  add("latin", base, 0);

  const cmap: [number, number][] = [];
  const missing = new Set<number>();
  for (const codePoint of [...new Set(codePoints)].sort((a, b) => a - b)) {
    const key = subsetFor(codePoint);
    const font = key ? sourceFont(key, weight) : null;
    const glyph = font?.glyphFor(codePoint) ?? 0;
    if (!font || glyph === 0) missing.add(codePoint);
    else cmap.push([codePoint, add(key!, font, glyph)]);
  }

  const glyf: Buffer[] = [];
  const loca = Buffer.alloc((glyphs.length + 1) * 4);
  const hmtx = Buffer.alloc(glyphs.length * 4);
  let offset = 0;
  glyphs.forEach((glyph, i) => {
    loca.writeUInt32BE(offset, i * 4);
    const padded = Buffer.alloc((glyph.data.length + 3) & ~3);
    glyph.data.copy(padded);
    glyf.push(padded);
    offset += padded.length;
    hmtx.writeUInt16BE(glyph.metrics[0], i * 4);
    hmtx.writeInt16BE(glyph.metrics[1], i * 4 + 2);
  });
  loca.writeUInt32BE(offset, glyphs.length * 4);

  const head = Buffer.from(base.tables.get("head")!);
  head.writeUInt32BE(0, 8);
  head.writeInt16BE(1, 50);
  const hhea = Buffer.from(base.tables.get("hhea")!);
  hhea.writeUInt16BE(Math.max(...glyphs.map((g) => g.metrics[0])), 10);
  hhea.writeUInt16BE(glyphs.length, 34);
  maxp.writeUInt16BE(glyphs.length, 4);
  // cmap: one format 12 subtable (Windows, full Unicode), one group per character.
  const cmapTable = Buffer.alloc(12 + 16 + cmap.length * 12);
  cmapTable.writeUInt16BE(1, 2);
  cmapTable.writeUInt16BE(3, 4);
  cmapTable.writeUInt16BE(10, 6);
  cmapTable.writeUInt32BE(12, 8);
  cmapTable.writeUInt16BE(12, 12);
  cmapTable.writeUInt32BE(16 + cmap.length * 12, 16);
  cmapTable.writeUInt32BE(cmap.length, 24);
  cmap.forEach(([codePoint, glyph], i) => {
    cmapTable.writeUInt32BE(codePoint, 28 + i * 12);
    cmapTable.writeUInt32BE(codePoint, 28 + i * 12 + 4);
    cmapTable.writeUInt32BE(glyph, 28 + i * 12 + 8);
  });
  const post = Buffer.alloc(32);
  post.writeUInt32BE(0x00030000, 0);

  const tables: Tables = new Map([
    ["OS/2", base.tables.get("OS/2")!],
    ["cmap", cmapTable],
    ["glyf", Buffer.concat(glyf)],
    ["head", head],
    ["hhea", hhea],
    ["hmtx", hmtx],
    ["loca", loca],
    ["maxp", maxp],
    ["name", base.tables.get("name")!],
    ["post", post],
  ]);
  return { font: sfnt(tables), missing };
}

// ---------------------------------------------------------------- layout

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

/**
 * A document with one font covering `texts`, and the texts as it can set them: characters
 * no font file has (rare variants such as 爲) are dropped, as are control characters.
 */
export async function preparePdf(texts: string[]): Promise<{ doc: PDFDocument; font: PDFFont; clean: (text: string) => string }> {
  const codePoints = texts.flatMap((text) => [...text].map((char) => char.codePointAt(0)!)).filter((cp) => cp >= 0x20);
  const { font, missing } = mergedFont(codePoints);
  // No dates or producer in the file, so regenerated fixtures are byte-identical.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const clean = (text: string) =>
    [...text.replace(/[\t\r\u00a0]/g, " ")].filter((char) => char === "\n" || (char.codePointAt(0)! >= 0x20 && !missing.has(char.codePointAt(0)!))).join("");
  return { doc, font: await doc.embedFont(font, { subset: true }), clean };
}

/** Fonts for rich text: Noto Sans TC in both weights, and Courier for the ASCII of code. */
export interface RichFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** A standard PDF font (nothing embedded); it has Latin-1 only, so code's other characters use `regular`. */
  mono: PDFFont;
}

/**
 * A document with fonts covering `texts` (each weight merged only from the characters set in it)
 * and the texts as they can be set: characters either weight lacks, and control characters, dropped.
 */
export async function prepareRichPdf(texts: { regular: string[]; bold: string[] }): Promise<{ doc: PDFDocument; fonts: RichFonts; clean: (text: string) => string }> {
  const codePoints = (list: string[]) => list.flatMap((text) => [...text].map((char) => char.codePointAt(0)!)).filter((cp) => cp >= 0x20);
  const regular = mergedFont(codePoints(texts.regular), 400);
  const bold = mergedFont(codePoints(texts.bold), 700);
  const missing = new Set([...regular.missing, ...bold.missing]);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const clean = (text: string) =>
    [...text.replace(/[\t\r\u00a0]/g, " ")].filter((char) => char === "\n" || (char.codePointAt(0)! >= 0x20 && !missing.has(char.codePointAt(0)!))).join("");
  const fonts = {
    regular: await doc.embedFont(regular.font, { subset: true }),
    bold: await doc.embedFont(bold.font, { subset: true }),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  return { doc, fonts, clean };
}


/**
 * A TrueType font with the glyphs `text` needs (Noto Sans TC, merged from the fontsource files):
 * social preview images set Chinese names with it, with no font fetched at run time.
 */
export function fontFor(text: string): Buffer {
  const codePoints = [...text].map((char) => char.codePointAt(0)!).filter((cp) => cp >= 0x20);
  return mergedFont(codePoints).font;
}
