// The pictures a PDF page paints, decoded by pdf.js itself (no canvas): its operator list names
// each image, and the page's object store holds it as pixels once the list is built. A scanner's
// PDF paints one picture per page; some paint a page in strips, so every picture large enough to
// hold text is kept, top to bottom as they sit on the page.
import { getResolvedPDFJS } from "unpdf";

// Smaller pictures are logos, bullets and rules, not text.
const MIN_SIDE = 48;
const MIN_PIXELS = 40_000;
// pdf.js's ImageKind.
const GRAYSCALE_1BPP = 1;

/**
 * @typedef {import("./prepare-image.mjs").RawImage} RawImage
 * @typedef {{ width: number, height: number, kind?: number, data?: Uint8Array | Uint8ClampedArray }} PdfImage
 */

/**
 * @param {any} page a pdf.js page proxy
 * @returns {Promise<RawImage[]>}
 */
export async function pageImages(page) {
  const { OPS } = await getResolvedPDFJS();
  const list = await page.getOperatorList();
  /** @type {number[]} */
  let matrix = [1, 0, 0, 1, 0, 0];
  /** @type {number[][]} */
  const saved = [];
  /** @type {{ top: number, left: number, image: PdfImage }[]} */
  const found = [];
  for (let i = 0; i < list.fnArray.length; i++) {
    const op = list.fnArray[i];
    const args = list.argsArray[i];
    if (op === OPS.save) saved.push(matrix);
    else if (op === OPS.restore) matrix = saved.pop() ?? matrix;
    else if (op === OPS.transform) matrix = multiply(matrix, args);
    else if (op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject || op === OPS.paintImageMaskXObject) {
      const image = op === OPS.paintImageXObject ? await objectOf(page, args[0]) : args[0];
      if (!image || !image.data || image.width < MIN_SIDE || image.height < MIN_SIDE || image.width * image.height < MIN_PIXELS) continue;
      // The unit square's top-left corner in page space (PDF's y axis points up).
      found.push({ top: -(matrix[3] + matrix[5]), left: matrix[4], image: op === OPS.paintImageMaskXObject ? { ...image, kind: GRAYSCALE_1BPP } : image });
    }
  }
  found.sort((a, b) => a.top - b.top || a.left - b.left);
  return found.flatMap(({ image }) => {
    const raw = toRaw(image);
    return raw ? [raw] : [];
  });
}

/** @param {any} page @param {string} name */
function objectOf(page, name) {
  const store = name.startsWith("g_") ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      store.get(name, resolve);
    } catch {
      resolve(null);
    }
  });
}

/** @param {number[]} m @param {number[]} n */
function multiply(m, n) {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * @param {PdfImage} image
 * @returns {RawImage | null}
 */
function toRaw(image) {
  const { width, height, data } = image;
  if (!data) return null;
  const pixels = width * height;
  if (image.kind === GRAYSCALE_1BPP || data.length === Math.ceil(width / 8) * height) {
    // One bit a pixel, rows padded to whole bytes; a set bit is white (pdf.js applies /Decode).
    const stride = Math.ceil(width / 8);
    const grey = new Uint8Array(pixels);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) grey[y * width + x] = data[y * stride + (x >> 3)] & (0x80 >> (x & 7)) ? 255 : 0;
    }
    return { width, height, channels: 1, data: grey };
  }
  const channels = data.length / pixels;
  if (channels !== 1 && channels !== 3 && channels !== 4) return null;
  return { width, height, channels, data };
}
