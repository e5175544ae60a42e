// A photo or scan uploaded as an image (JPEG, PNG, WebP): one page, read by OCR.
import { ParseFailure } from "./parse-failure.mjs";
import { ImageTooLarge, UnreadableImage } from "./ocr/prepare-image.mjs";
import { NothingRead, readPicture } from "./ocr/read-picture.mjs";
import { OcrTimeout } from "./ocr/tesseract.mjs";

/**
 * @param {Uint8Array} bytes
 * @param {{ pageTimeMs: number, onPage?: (page: number, pages: number) => void }} ocr
 * @returns {Promise<{ pages: { page: number, text: string }[], pageCount: number, unreadablePages: number[] }>}
 */
export async function parseImage(bytes, ocr) {
  ocr.onPage?.(1, 1);
  try {
    const text = await readPicture(bytes, ocr.pageTimeMs);
    return { pages: [{ page: 1, text }], pageCount: 1, unreadablePages: [] };
  } catch (error) {
    if (error instanceof ImageTooLarge) throw new ParseFailure("image_too_large", error.message);
    if (error instanceof NothingRead || error instanceof OcrTimeout) throw new ParseFailure("unreadable_scan", error.message);
    if (error instanceof UnreadableImage) throw new ParseFailure("malformed", error.message);
    throw error;
  }
}
