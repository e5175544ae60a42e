// Known text set as a page image, for the OCR tests and bench/ocr.ts: a stand-in for a scanned or
// photographed page whose every character is known. Glyph outlines come from the product's own
// Noto fonts (lib/server/export/pdf-fonts.ts) and are drawn as SVG paths, so the picture needs no
// installed system font; sharp rasterises it.
import fontkit from "@pdf-lib/fontkit";
import sharp from "sharp";
import { mergedFont, printable, type Weight } from "@/lib/server/export/pdf-fonts";

export type PageBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** Rows of cells, the first row the header, drawn with ruled borders. */
  | { kind: "table"; rows: string[][] };

export type PageStyle = {
  /** Pixels per inch of the image (an A4 page: 8.27 × 11.69 in). */
  dpi?: number;
  /** Body text size in points; headings are 1.4 times it. */
  pointSize?: number;
  weight?: Weight;
};

type Font = ReturnType<typeof fontkit.create>;
// fontkit's paths can be scaled and moved; its type declarations leave that out.
type MovablePath = { scale(x: number, y: number): MovablePath; translate(x: number, y: number): MovablePath; toSVG(): string };

const PAGE_WIDTH_IN = 8.27;
const PAGE_HEIGHT_IN = 11.69;
const MARGIN_IN = 0.9;
const LINE_HEIGHT = 1.6;
const PARAGRAPH_GAP = 0.8;

/** The text a perfect reading of the page gives: blocks in order, a table's cells row by row. */
export function pageTextOf(blocks: PageBlock[]): string {
  return blocks.map((block) => (block.kind === "table" ? block.rows.map((row) => row.join(" ")).join("\n") : block.text)).join("\n\n");
}

/** A white A4 page with `blocks` set on it in black, as PNG. Text past the page's foot is cut off. */
export async function renderPage(blocks: PageBlock[], style: PageStyle = {}): Promise<Buffer> {
  return rasterise(pageSvg(blocks, style));
}

/** As many A4 pages as `blocks` fill, each as PNG: a scanned copy of a whole document. */
export async function renderPages(blocks: PageBlock[], style: PageStyle = {}): Promise<Buffer[]> {
  return Promise.all(pageSvgs(blocks, style).map(rasterise));
}

function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).greyscale().png().toBuffer();
}

export function pageSvg(blocks: PageBlock[], style: PageStyle = {}): string {
  return pageSvgs(blocks, style, { onePage: true })[0];
}

const NO_LINE_START = /^[，。、；：？！」』）》〉】,.;:?!)]/u;

/** The pages `blocks` fill; with onePage, only the first, whatever does not fit cut off. */
function pageSvgs(blocks: PageBlock[], style: PageStyle, { onePage = false } = {}): string[] {
  const dpi = style.dpi ?? 200;
  const pointSize = style.pointSize ?? 12;
  const allText = pageTextOf(blocks);
  const font = fontkit.create(mergedFont([...allText].filter(printable).map((c) => c.codePointAt(0)!), style.weight ?? 400)) as Font;
  const width = Math.round(PAGE_WIDTH_IN * dpi);
  const height = Math.round(PAGE_HEIGHT_IN * dpi);
  const margin = MARGIN_IN * dpi;
  const px = (points: number) => (points * dpi) / 72;
  let paths: string[] = [];
  let frames: string[] = [];
  const done: string[] = [];
  let y = margin;
  const svgOf = () =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="${paths.join(" ")}"/><path fill="#000" fill-rule="evenodd" d="${frames.join(" ")}"/></svg>`;
  /** Room for `needed` more pixels on this page, or a new page (false when only one page is wanted). */
  const room = (needed: number): boolean => {
    if (y + needed <= height - margin) return true;
    if (onePage) return false;
    done.push(svgOf());
    paths = [];
    frames = [];
    y = margin;
    return true;
  };

  const textRun = (text: string, x: number, baseline: number, size: number) => {
    const scale = size / font.unitsPerEm;
    const run = font.layout(text);
    let pen = x;
    for (let i = 0; i < run.glyphs.length; i++) {
      const d = (run.glyphs[i].path as unknown as MovablePath).scale(scale, -scale).translate(pen, baseline).toSVG();
      if (d) paths.push(d);
      pen += run.positions[i].xAdvance * scale;
    }
  };
  const advance = (text: string, size: number) => font.layout(text).advanceWidth * (size / font.unitsPerEm);

  const wrap = (text: string, size: number, maxWidth: number): string[] => {
    // Chinese breaks between any two characters, Latin text between words; but, as browsers and
    // Chinese typesetters do, no line opens with a comma, stop or closing bracket: the character
    // before it goes down to the next line with it.
    const tokens = text.match(/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\u3000-\u303f\uff00-\uffef]+|\s+/gu) ?? [];
    const lines: string[] = [];
    let line = "";
    for (const token of tokens) {
      const next = line + token;
      if (line.trim() !== "" && advance(next.trimEnd(), size) > maxWidth) {
        const last = [...line].at(-1) ?? "";
        const carried = NO_LINE_START.test(token) && /\p{Script=Han}/u.test(last) && [...line.trim()].length > 1 ? last : "";
        lines.push(line.slice(0, line.length - carried.length).trimEnd());
        line = /^\s+$/.test(token) ? "" : carried + token;
      } else {
        line = next;
      }
    }
    if (line.trim() !== "") lines.push(line.trimEnd());
    return lines;
  };

  for (const block of blocks) {
    if (block.kind === "table") {
      const size = px(pointSize);
      const columns = Math.max(...block.rows.map((row) => row.length));
      const cellWidth = (width - 2 * margin) / columns;
      const rowHeight = size * 1.9;
      for (const row of block.rows) {
        if (!room(rowHeight)) break;
        for (let c = 0; c < columns; c++) {
          const x = margin + c * cellWidth;
          frames.push(`M${x} ${y}h${cellWidth}v${rowHeight}h${-cellWidth}Z M${x + 2} ${y + 2}v${rowHeight - 4}h${cellWidth - 4}v${-(rowHeight - 4)}Z`);
          textRun(row[c] ?? "", x + size * 0.5, y + rowHeight * 0.68, size);
        }
        y += rowHeight;
      }
      y += size * PARAGRAPH_GAP * LINE_HEIGHT;
      continue;
    }
    const size = px(block.kind === "heading" ? pointSize * 1.4 : pointSize);
    for (const line of wrap(block.text, size, width - 2 * margin)) {
      if (!room(size * LINE_HEIGHT)) break;
      y += size * LINE_HEIGHT;
      textRun(line, margin, y - size * 0.35, size);
    }
    y += size * PARAGRAPH_GAP * LINE_HEIGHT;
  }
  return [...done, svgOf()];
}

/** A small deterministic generator, so a degraded copy is the same in every run. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/**
 * A worse copy of a page image, as a cheap scanner or a phone gives it: scaled to `dpi` (from the
 * `fromDpi` it was rendered at), turned by `skewDegrees`, speckled with noise, saved as JPEG at `quality`.
 */
export async function degrade(
  png: Buffer,
  options: { fromDpi: number; dpi?: number; skewDegrees?: number; noise?: number; quality?: number; seed?: number },
): Promise<Buffer> {
  const { width = 0 } = await sharp(png).metadata();
  const scaled = await sharp(png)
    .resize({ width: Math.round((width * (options.dpi ?? 150)) / options.fromDpi) })
    .rotate(options.skewDegrees ?? 1.5, { background: "#ffffff" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = scaled.data;
  const next = random(options.seed ?? 7);
  const amount = options.noise ?? 40;
  for (let i = 0; i < pixels.length; i++) {
    // Roughly Gaussian (sum of uniforms), centred on zero.
    const n = (next() + next() + next() - 1.5) * amount;
    pixels[i] = Math.max(0, Math.min(255, pixels[i] + n));
  }
  return sharp(pixels, { raw: scaled.info })
    .jpeg({ quality: options.quality ?? 60 })
    .toBuffer();
}
