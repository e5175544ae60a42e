import "server-only";

// The font PDF exports and social preview images set text in, made for the text at hand. Each
// character takes its glyph from the first family in FONT_FAMILIES that has it: Noto Sans TC (the
// product's language; it also has kana), then Simplified Chinese, Japanese (rare ideographs),
// Korean (Hangul), two symbol fonts, and Noto Emoji in one colour (a colour emoji font's layers
// would draw nothing in a PDF font). A character no family has is drawn as Noto Sans TC's .notdef
// box, never left out, and still reads as itself when the PDF's text is copied or searched.
//
// Fontsource ships each family split into files by Unicode range (~100 for a CJK family). Using
// them as PDF fonts would make every other character its own text run, which is nothing like a real
// document and makes pdf.js several times slower; so the glyphs a text needs are merged into one
// TrueType font per weight, as Word's exports use one font. A file is read the first time a
// character needs it: a Traditional Chinese export opens no fallback at all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import fontkit from "@pdf-lib/fontkit";

/** Regular and bold; bold sets headings, labels and **strong** text. */
export type Weight = 400 | 700;

/** The fontsource packages a glyph is looked for in, in this order. */
export const FONT_FAMILIES = ["noto-sans-tc", "noto-sans-sc", "noto-sans-jp", "noto-sans-kr", "noto-sans-symbols", "noto-sans-symbols-2", "noto-emoji"] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

const FONTSOURCE_DIR = path.join(process.cwd(), "node_modules/@fontsource");
// Noto Sans TC's, which the merged font keeps; Noto Emoji's glyphs (2,048 units) are scaled to it.
const UNITS_PER_EM = 1000;

type Tables = Map<string, Buffer>;

interface SourceFont {
  id: string;
  tables: Tables;
  unitsPerEm: number;
  glyphFor: (codePoint: number) => number;
}

interface Family {
  weights: number[];
  /** The file (its key in unicode.json) whose Unicode range holds each character the family covers. */
  files: Map<number, string>;
}

const families = new Map<FontFamily, Family>();
// Loaded files stay loaded: all seven families' files in both weights come to ~85 MB.
const sourceFonts = new Map<string, SourceFont>();

/**
 * A family's weights and which file covers each character, read when a character first needs it.
 * A map rather than the ranges themselves: a CJK family lists ~9,000 ranges, too many to scan for
 * every character of a long export.
 */
function family(name: FontFamily): Family {
  let found = families.get(name);
  if (!found) {
    const read = (file: string) => JSON.parse(readFileSync(path.join(FONTSOURCE_DIR, name, file), "utf8"));
    const files = new Map<number, string>();
    for (const [key, value] of Object.entries(read("unicode.json") as Record<string, string>)) {
      for (const part of value.split(",")) {
        const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
        for (let codePoint = parseInt(from, 16); codePoint <= parseInt(to ?? from, 16); codePoint++) {
          if (!files.has(codePoint)) files.set(codePoint, key.replace(/[[\]]/g, ""));
        }
      }
    }
    found = { weights: read("metadata.json").weights, files };
    families.set(name, found);
  }
  return found;
}

/**
 * WOFF tables, inflated with Node's zlib (fontkit's own inflater fails on some of these files).
 * Each is copied into memory of its own: zlib's output, a view into the file, or a small copy
 * from Node's shared buffer pool would keep far more bytes alive while the file stays loaded.
 */
function woffTables(woff: Buffer): Tables {
  const tables: Tables = new Map();
  for (let i = 0; i < woff.readUInt16BE(12); i++) {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const raw = woff.subarray(offset, offset + compressed);
    const data = compressed < woff.readUInt32BE(at + 12) ? inflateSync(raw) : raw;
    const table = Buffer.alloc(data.length);
    data.copy(table);
    tables.set(woff.toString("latin1", at, at + 4), table);
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

/** One file of a family, in `weight` where the family has it (Noto Sans Symbols 2 is regular only). */
function sourceFont(name: FontFamily, key: string, weight: Weight): SourceFont {
  const fileWeight = family(name).weights.includes(weight) ? weight : 400;
  const id = `${name}-${key}-${fileWeight}`;
  let font = sourceFonts.get(id);
  if (!font) {
    const tables = woffTables(readFileSync(path.join(FONTSOURCE_DIR, name, "files", `${id}-normal.woff`)));
    const parsed = fontkit.create(sfnt(tables));
    font = {
      id,
      tables,
      unitsPerEm: tables.get("head")!.readUInt16BE(18),
      glyphFor: (codePoint) => (parsed.hasGlyphForCodePoint(codePoint) ? parsed.glyphForCodePoint(codePoint).id : 0),
    };
    sourceFonts.set(id, font);
  }
  return font;
}

/** Where a character's glyph comes from: the first family whose file for it has one, or null. */
export function glyphSource(codePoint: number, weight: Weight): { family: FontFamily; font: SourceFont; glyph: number } | null {
  for (const name of FONT_FAMILIES) {
    const key = family(name).files.get(codePoint);
    if (key === undefined) continue;
    const font = sourceFont(name, key, weight);
    const glyph = font.glyphFor(codePoint);
    if (glyph !== 0) return { family: name, font, glyph };
  }
  return null;
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

// maxp fields (version 1.0) a glyph that only places another one must allow for.
const MAX_POINTS = 6;
const MAX_CONTOURS = 8;
const MAX_COMPOSITE_POINTS = 10;
const MAX_COMPOSITE_CONTOURS = 12;
const MAX_COMPONENT_ELEMENTS = 28;
const MAX_COMPONENT_DEPTH = 30;

/**
 * One TrueType font holding a glyph for each of `codePoints`, each from the first family that has
 * it (composite glyphs bring their components), or the .notdef box where none does. Every
 * character gets a glyph of its own, even where two share a drawing: a PDF reader maps each glyph
 * back to one character, so a shared one would read as the wrong character when copied.
 */
export function mergedFont(codePoints: number[], weight: Weight = 400): Buffer {
  const base = sourceFont("noto-sans-tc", "latin", weight);
  const glyphs: { data: Buffer; metrics: [number, number] }[] = [];
  const ids = new Map<string, number>();
  const maxp = Buffer.from(base.tables.get("maxp")!);
  const raise = (at: number, value: number) => maxp.writeUInt16BE(Math.max(maxp.readUInt16BE(at), value), at);
  const push = (data: Buffer, metrics: [number, number]): number => glyphs.push({ data, metrics }) - 1;
  const add = (font: SourceFont, glyph: number): number => {
    const id = `${font.id}:${glyph}`;
    const known = ids.get(id);
    if (known !== undefined) return known;
    const index = push(glyphData(font, glyph), horizontalMetrics(font, glyph));
    ids.set(id, index);
    const data = glyphs[index].data;
    const source = font.tables.get("maxp")!;
    for (let at = 6; at + 2 <= Math.min(maxp.length, source.length); at += 2) raise(at, source.readUInt16BE(at));
    if (data.length >= 10 && data.readInt16BE(0) < 0) {
      // Composite glyph: copy its components too and renumber the references.
      let at = 10;
      for (;;) {
        const flags = data.readUInt16BE(at);
        data.writeUInt16BE(add(font, data.readUInt16BE(at + 2)), at + 2);
        at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
        if (!(flags & 0x0020)) break;
      }
    }
    return index;
  };
  /** A glyph drawing glyph `inner` of `font` scaled to this font's units: one component with a scale. */
  const scaled = (font: SourceFont, inner: number): number => {
    const scale = UNITS_PER_EM / font.unitsPerEm;
    const advance = Math.round(glyphs[inner].metrics[0] * scale);
    const innerData = glyphs[inner].data;
    if (innerData.length < 10) return push(Buffer.alloc(0), [advance, 0]);
    const data = Buffer.alloc(18);
    data.writeInt16BE(-1, 0);
    for (const at of [2, 4]) data.writeInt16BE(Math.floor(innerData.readInt16BE(at) * scale), at);
    for (const at of [6, 8]) data.writeInt16BE(Math.ceil(innerData.readInt16BE(at) * scale), at);
    // ARGS_ARE_XY_VALUES (an offset of 0, 0 in bytes) and WE_HAVE_A_SCALE (F2Dot14).
    data.writeUInt16BE(0x0002 | 0x0008, 10);
    data.writeUInt16BE(inner, 12);
    data.writeInt16BE(Math.round(scale * 16384), 16);
    const source = font.tables.get("maxp")!;
    raise(MAX_COMPOSITE_POINTS, Math.max(source.readUInt16BE(MAX_POINTS), source.readUInt16BE(MAX_COMPOSITE_POINTS)));
    raise(MAX_COMPOSITE_CONTOURS, Math.max(source.readUInt16BE(MAX_CONTOURS), source.readUInt16BE(MAX_COMPOSITE_CONTOURS)));
    raise(MAX_COMPONENT_ELEMENTS, 1);
    raise(MAX_COMPONENT_DEPTH, source.readUInt16BE(MAX_COMPONENT_DEPTH) + 1);
    // The left side bearing is the scaled outline's left edge, as TrueType expects.
    return push(data, [advance, data.readInt16BE(2)]);
  };
  add(base, 0);

  const cmap: [number, number][] = [];
  const used = new Set<number>([0]);
  for (const codePoint of [...new Set(codePoints)].sort((a, b) => a - b)) {
    const source = glyphSource(codePoint, weight);
    let glyph = source ? add(source.font, source.glyph) : 0;
    if (source && source.font.unitsPerEm !== UNITS_PER_EM) glyph = scaled(source.font, glyph);
    else if (used.has(glyph)) glyph = push(glyphs[glyph].data, glyphs[glyph].metrics);
    used.add(glyph);
    cmap.push([codePoint, glyph]);
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
  return sfnt(tables);
}

/** Whether a character is set at all: control characters and invisible format characters are not. */
export function printable(char: string): boolean {
  return !/[\p{Cc}\p{Default_Ignorable_Code_Point}]/u.test(char);
}

/**
 * A TrueType font with the glyphs `text` needs: social preview images set names with it, with no
 * font fetched at run time.
 */
export function fontFor(text: string): Buffer {
  return mergedFont([...text].filter(printable).map((char) => char.codePointAt(0)!));
}
