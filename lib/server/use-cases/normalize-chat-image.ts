import "server-only";
import sharp, { type Sharp } from "sharp";
import { CHAT_IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";
import { inspectImage } from "@/lib/server/use-cases/analyze-image";

// A chat image is stored and shown again to its sender, to the share's owner and in exports. What
// the client declared and whatever else the file carried (an SVG or HTML tail on a GIF, EXIF with
// a location) must not survive: the image is decoded by libvips and encoded anew, and stored with
// the type of what was encoded. JPEG stays JPEG, PNG stays PNG, WebP stays WebP; GIF becomes
// lossless WebP, which keeps its colours exactly and its animation too.

sharp.cache(false);

const LIMITS = { maxBytes: CHAT_IMAGE_MAX_BYTES, tooLargeKey: "image_too_large", formatKey: "image_format" };

export type StoredImageType = "image/jpeg" | "image/png" | "image/webp";

/** The image re-encoded from its pixels, with its real type; 413/415 with the usual messages otherwise. */
export async function reencodeImage(bytes: Uint8Array): Promise<{ type: StoredImageType; bytes: Uint8Array }> {
  // Type from the bytes, size, and pixels per frame from the header, all before decoding.
  const { type, width, height, meta } = await inspectImage(bytes, LIMITS);
  const frames = meta.pages ?? 1;
  // An animation is decoded whole: its frames together stay within the pixel limit.
  if (width * height * frames > IMAGE_MAX_PIXELS) throw new AppError("payload_too_large", { messageKey: "image_pixels" });
  const animated = frames > 1;
  const input = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error", animated });
  const output: { type: StoredImageType; image: Sharp } =
    type === "image/jpeg"
      ? // Turned upright first: the EXIF orientation goes with the rest of the metadata.
        { type, image: input.rotate().jpeg({ quality: 90 }) }
      : type === "image/png"
        ? { type, image: input.png() }
        : type === "image/webp"
          ? { type, image: input.webp({ quality: 90 }) }
          : { type: "image/webp", image: input.webp({ lossless: true }) };
  let data: Buffer;
  try {
    data = await output.image.toBuffer();
  } catch {
    // A header that reads but pixels that do not: not an image we can show.
    throw new AppError("unsupported_media_type", { messageKey: "image_format" });
  }
  if (data.byteLength > CHAT_IMAGE_MAX_BYTES) throw new AppError("payload_too_large", { messageKey: "image_too_large" });
  return { type: output.type, bytes: new Uint8Array(data) };
}

/** A chat image data URL (already checked by the message schema) as it is stored: re-encoded, with its decoded type. */
export async function normalizeChatImage(dataUrl: string): Promise<string> {
  const bytes = new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
  const image = await reencodeImage(bytes);
  return `data:${image.type};base64,${Buffer.from(image.bytes).toString("base64")}`;
}
