// tsx --conditions=react-server tests/e2e/support/make-scan.ts OUT.pdf OUT.jpg
// Writes a three-page scanned Traditional Chinese PDF (each page only a picture, no text layer) and
// a phone photo of a notice (150 dpi, turned 1.5°, noisy, JPEG 60) for the OCR spec; the glyphs come
// from the product's fonts, which are server-only, hence a process of its own.
import { writeFileSync } from "node:fs";
import { degrade, renderPage } from "@/tests/support/page-image";
import { scannedPdf } from "@/tests/support/scanned-pdf";

export const SCAN_PAGES = [
  [
    { kind: "heading" as const, text: "第一章 總則" },
    { kind: "paragraph" as const, text: "本規則依公司章程訂定，適用於本公司全體員工。員工應遵守本規則及各部門之作業規定。" },
  ],
  [
    { kind: "heading" as const, text: "第九條 出差旅費" },
    { kind: "paragraph" as const, text: "員工出差之住宿費每晚上限為新臺幣二千八百元，應檢附收據於返回後七日內核銷。" },
  ],
  [
    { kind: "heading" as const, text: "第十條 附則" },
    { kind: "paragraph" as const, text: "本規則經董事會通過後施行，修正時亦同。" },
  ],
];

const PHOTO = [
  { kind: "heading" as const, text: "訪客須知" },
  { kind: "paragraph" as const, text: "訪客停車證請至一樓警衛室領取，每張押金新臺幣五百元，離開時歸還即退。" },
];

const [pdfOut, photoOut] = process.argv.slice(2);
const images = await Promise.all(SCAN_PAGES.map((blocks) => renderPage(blocks, { dpi: 200 })));
writeFileSync(pdfOut, await scannedPdf(images.map((image) => ({ image, format: "png" as const }))));
if (photoOut) writeFileSync(photoOut, await degrade(await renderPage(PHOTO, { dpi: 200 }), { fromDpi: 200, dpi: 150, skewDegrees: 1.5, quality: 60 }));
