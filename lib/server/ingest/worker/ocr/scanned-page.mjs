// A PDF page with no text layer worth the name (a scan, a photo, a fax) is read from its pictures.
import { pageImages } from "./pdf-page-images.mjs";
import { NothingRead, readPicture } from "./read-picture.mjs";
import { ImageTooLarge, UnreadableImage } from "./prepare-image.mjs";
import { OcrTimeout } from "./tesseract.mjs";

// A page whose text layer has fewer letters than this is taken for a scan: scanners stamp a page
// number or a date as text over the picture.
const SCAN_MAX_LETTERS = 12;

/** @param {string} text a page's text layer */
export function looksScanned(text) {
  return (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < SCAN_MAX_LETTERS;
}

/**
 * @param {any} page a pdf.js page proxy
 * @param {string} layerText what the page's text layer holds (kept when no picture can be read)
 * @param {number} timeMs the most the page may take
 * @returns {Promise<{ text: string, status: "read" | "unreadable" | "no-pictures" }>}
 */
export async function readScannedPage(page, layerText, timeMs) {
  const images = await pageImages(page);
  if (images.length === 0) return { text: layerText, status: "no-pictures" };
  const started = Date.now();
  const parts = [];
  for (const image of images) {
    const left = timeMs - (Date.now() - started);
    if (left <= 0) break;
    try {
      parts.push(await readPicture(image, left));
    } catch (error) {
      if (error instanceof NothingRead || error instanceof UnreadableImage || error instanceof ImageTooLarge || error instanceof OcrTimeout) continue;
      throw error;
    }
  }
  if (parts.length === 0) return { text: layerText, status: "unreadable" };
  return { text: [layerText.trim(), ...parts].filter((part) => part !== "").join("\n\n"), status: "read" };
}
