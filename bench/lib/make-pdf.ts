// Real PDFs for parser fixtures and the ingestion benchmark, set by the product's own typesetter
// (lib/server/export/pdf-typesetter.ts).
import { preparePdf, Typesetter, type Language } from "@/lib/server/export/pdf-typesetter";

export type { Language };

/** One PDF page per entry of `pages` (a page that overflows continues on the next one). */
export async function makePdf(options: { pages: string[][]; language: Language }): Promise<Uint8Array> {
  const { doc, font, clean } = await preparePdf(options.pages.flat());
  const setter = new Typesetter(doc, font, options.language);
  for (const paragraphs of options.pages) {
    setter.newPage();
    for (const paragraph of paragraphs) setter.paragraph(clean(paragraph));
  }
  return doc.save();
}

/**
 * Exactly `pages` pages of running text: the paragraphs in order, repeated from the start
 * when they run out, cut off where the last page is full.
 */
export async function makeLongPdf(options: { paragraphs: string[]; pages: number; language: "zh" | "en" }): Promise<Uint8Array> {
  const { doc, font, clean } = await preparePdf(options.paragraphs);
  const paragraphs = options.paragraphs.map(clean).filter((p) => p.trim() !== "");
  if (paragraphs.length === 0) throw new Error("makeLongPdf needs some text");
  const setter = new Typesetter(doc, font, options.language, options.pages);
  for (let i = 0; setter.paragraph(paragraphs[i % paragraphs.length]); i++);
  return doc.save();
}

/**
 * A page with a title line and a table set in aligned columns (each cell drawn at its column's
 * left edge, no rules), the way reports and fare sheets are typeset; `gap` is the space between
 * columns in font sizes. Then a closing paragraph.
 */
export async function makeTablePdf(options: { title: string; rows: string[][]; after: string; size?: number; gap?: number; pages?: number }): Promise<Uint8Array> {
  const size = options.size ?? 11;
  const texts = [options.title, options.after, ...options.rows.flat()];
  const { doc, font, clean } = await preparePdf(texts);
  const widths = options.rows[0].map((_, k) => Math.max(...options.rows.map((r) => font.widthOfTextAtSize(clean(r[k] ?? ""), size))));
  const lineHeight = size * 1.5;
  const perPage = Math.floor((842 - 144) / lineHeight) - 2;
  for (let p = 0, at = 1; at < options.rows.length || p === 0; p++) {
    const page = doc.addPage([595, 842]);
    let y = 842 - 72;
    if (p === 0) {
      page.drawText(clean(options.title), { x: 72, y, size, font });
      y -= lineHeight * 2;
    }
    const body = [options.rows[0], ...options.rows.slice(at, at + perPage)];
    at += perPage;
    for (const row of body) {
      let x = 72;
      row.forEach((cell, k) => {
        page.drawText(clean(cell), { x, y, size, font });
        x += widths[k] + size * (options.gap ?? 3);
      });
      y -= lineHeight;
    }
    if (at >= options.rows.length) page.drawText(clean(options.after), { x: 72, y: y - lineHeight, size, font });
  }
  return doc.save();
}
