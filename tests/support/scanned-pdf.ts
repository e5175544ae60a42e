// PDFs that hold pictures of pages instead of text, as a scanner makes them, for the OCR tests.
import { PDFDocument, StandardFonts } from "pdf-lib";

const A4 = { width: 595.28, height: 841.89 };

export type ScanPage = { image: Buffer; format: "png" | "jpg" } | { text: string };

/** One PDF page per entry: a picture filling the page, or a line of (Latin) text in a text layer. */
export async function scannedPdf(pages: ScanPage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const entry of pages) {
    const page = doc.addPage([A4.width, A4.height]);
    if ("text" in entry) {
      page.drawText(entry.text, { x: 60, y: A4.height - 100, size: 14, font, maxWidth: A4.width - 120, lineHeight: 20 });
      continue;
    }
    const image = entry.format === "png" ? await doc.embedPng(entry.image) : await doc.embedJpg(entry.image);
    page.drawImage(image, { x: 0, y: 0, width: A4.width, height: A4.height });
  }
  return doc.save();
}
