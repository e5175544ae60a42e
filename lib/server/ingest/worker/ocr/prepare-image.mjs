// Turns a page picture (an uploaded photo or scan, or an image a PDF page paints) into what the OCR
// engine reads best: upright, grey, at a resolution where body text is some 30 pixels tall, without
// the ruled lines of tables and forms (Tesseract takes a cell's border for a letter: "|", "l",
// "1"), handed over as an uncompressed greyscale PGM so nothing is encoded twice.
import sharp from "sharp";

// Past this many pixels a picture is not decoded at all: a 10,000 × 10,000 image would need
// 100 MB as grey pixels and several times that while being decoded.
export const MAX_IMAGE_PIXELS = 60_000_000;
// Narrower pictures are enlarged (small print in a phone photo of half a page), wider ones reduced:
// an A4 page at 300 dpi is 2,480 pixels wide.
const MIN_WIDTH = 1_600;
const MAX_WIDTH = 2_600;
const MAX_ENLARGEMENT = 4;
const DARK = 128;

export class ImageTooLarge extends Error {}
export class UnreadableImage extends Error {}

/**
 * @typedef {{ width: number, height: number, channels: 1 | 3 | 4, data: Uint8Array | Uint8ClampedArray }} RawImage
 */

/**
 * @param {Uint8Array | RawImage} input encoded image bytes (JPEG, PNG, WebP) or decoded pixels
 * @returns {Promise<{ pgm: Uint8Array, grey: Uint8Array, width: number, height: number, ink: number }>} grey: the PGM's
 *   pixels; ink: the share of dark pixels left
 */
export async function prepareImage(input) {
  const raw = "data" in input && "channels" in input ? input : null;
  /** @type {sharp.Sharp} */
  let image;
  try {
    image = raw
      ? sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels }, limitInputPixels: MAX_IMAGE_PIXELS })
      : sharp(/** @type {Uint8Array} */ (input), { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" });
    const meta = raw ? { width: raw.width, height: raw.height } : await image.metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width * height > MAX_IMAGE_PIXELS) throw new ImageTooLarge(`the image has ${width} × ${height} pixels`);
    if (width < 16 || height < 16) throw new UnreadableImage(`the image is only ${width} × ${height} pixels`);
    // A photo's EXIF orientation first, then the size. Only sideways photos change their width.
    const turned = !raw && (meta.orientation ?? 1) >= 5;
    const uprightWidth = turned ? height : width;
    const target = Math.round(Math.min(MAX_WIDTH, Math.max(uprightWidth, Math.min(MIN_WIDTH, uprightWidth * MAX_ENLARGEMENT))));
    const { data, info } = await (raw ? image : image.rotate())
      .flatten({ background: "#ffffff" })
      .greyscale()
      .resize({ width: target, kernel: "lanczos3" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = info.channels === 1 ? data : toSingleChannel(data, info.channels);
    removeRules(grey, info.width, info.height);
    let dark = 0;
    for (let i = 0; i < grey.length; i++) if (grey[i] < DARK) dark++;
    const bytes = pgm(grey, info.width, info.height);
    return { pgm: bytes, grey: bytes.subarray(bytes.length - grey.length), width: info.width, height: info.height, ink: dark / grey.length };
  } catch (error) {
    if (error instanceof ImageTooLarge || error instanceof UnreadableImage) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageTooLarge(message);
    throw new UnreadableImage(message);
  }
}

/** @param {Buffer} data @param {number} channels */
function toSingleChannel(data, channels) {
  const out = Buffer.alloc(data.length / channels);
  for (let i = 0, j = 0; j < out.length; i += channels, j++) out[j] = data[i];
  return out;
}

/**
 * Whitens long straight runs of dark pixels: horizontal ones longer than an eighth of the width,
 * vertical ones longer than a twentieth of the height. A character's strokes are far shorter.
 * @param {Uint8Array} grey @param {number} width @param {number} height
 */
function removeRules(grey, width, height) {
  const minRow = Math.max(80, Math.floor(width / 8));
  const minColumn = Math.max(60, Math.floor(height / 20));
  /** @type {[number, number, number][]} */
  const rows = [];
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const dark = x < width && grey[y * width + x] < DARK;
      if (dark && start < 0) start = x;
      else if (!dark && start >= 0) {
        if (x - start >= minRow) rows.push([y, start, x]);
        start = -1;
      }
    }
  }
  /** @type {[number, number, number][]} */
  const columns = [];
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const dark = y < height && grey[y * width + x] < DARK;
      if (dark && start < 0) start = y;
      else if (!dark && start >= 0) {
        if (y - start >= minColumn) columns.push([x, start, y]);
        start = -1;
      }
    }
  }
  // Found first, whitened after: a vertical rule crossing a horizontal one is still found whole.
  for (const [y, from, to] of rows) grey.fill(255, y * width + from, y * width + to);
  for (const [x, from, to] of columns) for (let y = from; y < to; y++) grey[y * width + x] = 255;
}

/** @param {Uint8Array} grey @param {number} width @param {number} height */
function pgm(grey, width, height) {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, "latin1");
  return Buffer.concat([header, grey]);
}
