import "server-only";
import sharp from "sharp";
import { IMAGE_MAX_PIXELS } from "@/lib/constants";
import { checkImageDataUrl } from "@/lib/image-data";

// A message's attached image, ready for Word and PDF. Both take PNG and JPEG; GIF (first frame)
// and WebP become PNG. Photos are turned upright by their EXIF orientation, as browsers show them,
// and anything larger than a printed page needs is scaled down so a long chat of photos stays a
// file people can open.

sharp.cache(false);

// Enough for a full-width image at print resolution (about 250 dpi across a page's text width).
const MAX_EDGE = 1600;

export interface PrintImage {
  type: "png" | "jpeg";
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** The bytes of a data URL the server accepted (PNG, JPEG, GIF or WebP by their bytes), else null. */
export function imageBytes(dataUrl: string | null | undefined): Uint8Array | null {
  if (!dataUrl || !checkImageDataUrl(dataUrl).ok) return null;
  return new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
}

/** The image as PNG or JPEG within MAX_EDGE, or null when it cannot be read (the export then names it instead). */
export async function printImage(dataUrl: string | null | undefined): Promise<PrintImage | null> {
  const bytes = imageBytes(dataUrl);
  if (!bytes) return null;
  try {
    // The pixel limit is checked against the header, before anything is decoded.
    const input = () => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" });
    const meta = await input().metadata();
    const type = meta.format === "png" ? "png" : meta.format === "jpeg" ? "jpeg" : null;
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0;
    if (width === 0 || height === 0) return null;
    if (type && Math.max(width, height) <= MAX_EDGE && (meta.orientation ?? 1) === 1) return { type, bytes, width, height };
    const scaled = input().rotate().resize(MAX_EDGE, MAX_EDGE, { fit: "inside", withoutEnlargement: true });
    const out = type === "jpeg" ? scaled.jpeg({ quality: 85 }) : scaled.png();
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { type: type ?? "png", bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** `width` × `height` scaled down (never up) to fit `maxWidth` × `maxHeight`, keeping the aspect ratio. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
