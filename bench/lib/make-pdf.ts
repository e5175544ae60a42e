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
