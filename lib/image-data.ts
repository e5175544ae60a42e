import { CHAT_IMAGE_MAX_BYTES } from "@/lib/constants";

// Chat images travel as data URLs. Their type is read from the bytes, not the declared type, and
// only raster formats a browser shows safely are accepted: never SVG, which can carry script.

export const CHAT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type ChatImageType = (typeof CHAT_IMAGE_TYPES)[number];

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The image type of a file from its first bytes, or null for anything that is not PNG, JPEG, GIF or WebP. */
export function sniffImageType(head: Uint8Array): ChatImageType | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42 && head[11] === 0x50) return "image/webp";
  return null;
}

function decodeHead(base64: string): Uint8Array {
  const binary = atob(base64.slice(0, 24));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export type ImageDataCheck = { ok: true; type: ChatImageType; bytes: number } | { ok: false; reason: "format" | "too_large" };

/** Whether a data URL holds a PNG, JPEG, GIF or WebP image of at most `maxBytes`. */
export function checkImageDataUrl(value: string, maxBytes = CHAT_IMAGE_MAX_BYTES): ImageDataCheck {
  const match = DATA_URL.exec(value);
  if (!match) return { ok: false, reason: "format" };
  const base64 = match[2];
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  const bytes = (base64.length * 3) / 4 - padding;
  if (bytes > maxBytes) return { ok: false, reason: "too_large" };
  const type = base64.length >= 16 ? sniffImageType(decodeHead(base64)) : null;
  if (!type) return { ok: false, reason: "format" };
  return { ok: true, type, bytes };
}

/** Longest data URL of an image of `maxBytes`: the prefix plus base64's four characters per three bytes. */
export function maxImageDataUrlLength(maxBytes = CHAT_IMAGE_MAX_BYTES): number {
  return "data:image/jpeg;base64,".length + Math.ceil(maxBytes / 3) * 4;
}
