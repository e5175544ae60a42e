import "server-only";
import sharp, { type Metadata, type Sharp } from "sharp";
import { CHAT_IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, type Locale } from "@/lib/constants";
import { sniffImageType } from "@/lib/image-data";
import type { ImageFacts } from "@/lib/server/ai/offline/describe-image";
import { resolveModel } from "@/lib/server/ai/providers";
import { ModelCallError, runModel } from "@/lib/server/ai/run-model";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";

// libvips keeps a cache of decoded images across calls; uploads are one-off, so keep none.
sharp.cache(false);

const SAMPLE_EDGE = 32;
const COLOUR_MIN_SHARE = 0.08;

// A pixel this transparent has no colour to speak of; one less than opaque makes the image "transparent".
const INVISIBLE_ALPHA = 16;
const OPAQUE_ALPHA = 250;

/**
 * From a small thumbnail: the dominant colours (4 bits per channel, the most common buckets, among
 * the pixels that can be seen) and whether any pixel is see-through. An alpha channel alone is not
 * transparency: most PNGs carry one and are opaque.
 */
async function samplePixels(image: Sharp): Promise<{ colours: ImageFacts["colours"]; transparent: boolean }> {
  const { data } = await image.resize(SAMPLE_EDGE, SAMPLE_EDGE, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const buckets = new Map<number, { count: number; r: number; g: number; b: number }>();
  let visible = 0;
  let transparent = false;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3];
    if (alpha < OPAQUE_ALPHA) transparent = true;
    if (alpha < INVISIBLE_ALPHA) continue;
    visible++;
    const key = ((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4);
    const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    bucket.count++;
    bucket.r += data[i];
    bucket.g += data[i + 1];
    bucket.b += data[i + 2];
    buckets.set(key, bucket);
  }
  const hex = (v: number) => Math.round(v).toString(16).padStart(2, "0");
  const colours = [...buckets.values()]
    .sort((a, b) => b.count - a.count)
    .filter((b) => b.count / visible >= COLOUR_MIN_SHARE)
    .slice(0, 4)
    .map((b) => ({ hex: `#${hex(b.r / b.count)}${hex(b.g / b.count)}${hex(b.b / b.count)}`, share: b.count / visible }));
  return { colours, transparent };
}

export interface ImageLimits {
  maxBytes: number;
  /** Keys under "errors" for a file that is too large and one that is not an accepted image. */
  tooLargeKey: string;
  formatKey: string;
}

const CHAT_IMAGE: ImageLimits = { maxBytes: CHAT_IMAGE_MAX_BYTES, tooLargeKey: "image_too_large", formatKey: "image_format" };

/**
 * Checks an uploaded image: its type from its bytes (PNG, JPEG, GIF, WebP; never SVG), its size
 * before anything is decoded, its pixel count from the header before a pixel is decoded.
 */
export async function inspectImage(bytes: Uint8Array, limits: ImageLimits): Promise<{ type: ImageFacts["type"]; width: number; height: number; meta: Metadata }> {
  if (bytes.byteLength > limits.maxBytes) throw new AppError("payload_too_large", { messageKey: limits.tooLargeKey });
  const type = sniffImageType(bytes.subarray(0, 16));
  if (!type) throw new AppError("unsupported_media_type", { messageKey: limits.formatKey });
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }).metadata();
  } catch (error) {
    // libvips checks limitInputPixels against the header, before decoding anything.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError("payload_too_large", { messageKey: "image_pixels" });
    throw new AppError("unsupported_media_type", { messageKey: limits.formatKey });
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > IMAGE_MAX_PIXELS) throw new AppError("payload_too_large", { messageKey: "image_pixels" });
  return { type, width, height, meta };
}

/** An image's facts for the offline description (inspectImage's checks first). */
export async function imageFacts(bytes: Uint8Array): Promise<ImageFacts> {
  const { type, width, height, meta } = await inspectImage(bytes, CHAT_IMAGE);
  let pixels: Awaited<ReturnType<typeof samplePixels>> = { colours: [], transparent: false };
  try {
    pixels = await samplePixels(sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }));
  } catch (error) {
    // A header that reads but pixels that do not: describe what is known.
    log.info("image pixels unreadable", { error: error instanceof Error ? error.message : String(error) });
  }
  return { type, width, height, bytes: bytes.byteLength, frames: meta.pages ?? 1, hasAlpha: pixels.transparent, colours: pixels.colours };
}

/**
 * Describes an image for the chat (the client appends it to the message after [圖片分析]): a
 * vision model reads the picture when one is configured; otherwise, or when it fails, the offline
 * model describes what is known locally.
 */
export async function analyzeImage(input: { userId: string | null; sharedAssistantId?: string | null; locale: Locale; bytes: Uint8Array; message?: string; route: string }): Promise<string> {
  const facts = await imageFacts(input.bytes);
  const vision = await resolveModel("vision");
  const call = { purpose: "vision" as const, route: input.route, userId: input.userId, sharedAssistantId: input.sharedAssistantId };
  if (!vision.offline) {
    try {
      const reply = await runModel({
        ...call,
        maxOutputTokens: 600,
        instructions: `Describe this image for a document assistant in ${input.locale === "en" ? "English" : "Traditional Chinese (zh-TW)"}: what it shows, and any text in it, word for word. If the user asks something about it, answer that too. Be concise.`,
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: input.message?.trim() || (input.locale === "en" ? "Describe the image." : "請描述這張圖片。") },
              { type: "file", data: input.bytes, mediaType: facts.type },
            ],
          },
        ],
      });
      return reply.text;
    } catch (error) {
      if (!(error instanceof ModelCallError)) throw error;
      log.warn("vision model failed; describing the image offline", { outcome: error.outcome });
    }
  }
  const reply = await runModel({
    ...call,
    instructions: "",
    messages: [{ role: "user", content: input.message ?? "" }],
    providerOptions: { offline: { task: "describe-image", locale: input.locale, facts: { ...facts, colours: facts.colours.map((c) => ({ ...c })) } } },
    forceOffline: true,
  });
  return reply.text;
}
