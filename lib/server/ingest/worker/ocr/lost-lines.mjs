// Tesseract's page layout now and then leaves a whole line of body text out: no block holds it, so
// nothing reads it, and what the line said (often an answer) is gone. On twelve DRCD articles set
// as page pictures, two lines of some fifty characters each went so: two fifths of all characters
// read wrong. Reading every page as one block instead keeps them but mixes up columns. So the page
// is read as the engine lays it out, and then the ink between the lines it read, at their slant,
// where none of them lies, is found here: each such band is one line left out, straightened and
// cut out to be read on its own.

// A row of the band holds ink when at least this share of the samples along it is dark.
const INK_SHARE = 0.01;
const DARK = 128;
// A band is a line of text when it is about as tall as the lines read: not a speck, not a picture.
const MIN_HEIGHT_SHARE = 0.5;
const MAX_HEIGHT_SHARE = 2;
// Rows this close to a line read count as its own (its accents, a descender).
const MARGIN = 3;
// Rows with this little room between them are one band.
const JOIN_GAP = 2;
// The most lines looked for again on one page: a picture's texture can look like many.
const MAX_LOST = 12;

/**
 * @typedef {{ x0: number, y0: number, x1: number, y1: number }} Box
 * @typedef {{ bbox: Box, baseline?: { x0: number, y0: number, x1: number, y1: number } }} ReadLine
 * @typedef {{ top: number, bottom: number, left: number, right: number, slope: number, origin: number, after: number, before: number }} LostLine
 *   top and bottom are rows where the slanted band crosses x = origin; `after` is the index of the
 *   line read just above it (-1 when none), `before` the one just below.
 */

/**
 * The bands of ink no line read covers, top to bottom.
 * @param {Uint8Array} grey one byte a pixel, row after row
 * @param {number} width
 * @param {number} height
 * @param {readonly ReadLine[]} lines the lines the engine read on the page
 * @returns {LostLine[]}
 */
export function lostLines(grey, width, height, lines) {
  if (lines.length < 2) return [];
  const slope = median(
    lines
      .map((line) => line.baseline)
      .filter((b) => b !== undefined && b.x1 - b.x0 > width / 8)
      .map((b) => (b.y1 - b.y0) / (b.x1 - b.x0)),
  );
  const origin = Math.min(...lines.map((line) => line.bbox.x0));
  const right = Math.max(...lines.map((line) => line.bbox.x1));
  // Each line's rows straightened: where its band crosses x = origin.
  const spans = lines.map(({ bbox }) => ({
    top: bbox.y0 - slope * ((slope >= 0 ? bbox.x0 : bbox.x1) - origin),
    bottom: bbox.y1 - slope * ((slope >= 0 ? bbox.x1 : bbox.x0) - origin),
    x0: bbox.x0,
    x1: bbox.x1,
  }));
  const lineHeight = median(spans.map((s) => s.bottom - s.top));
  if (!(lineHeight > 4)) return [];

  const covered = new Uint8Array(height);
  for (const span of spans) {
    for (let y = Math.max(0, Math.floor(span.top) - MARGIN); y <= Math.min(height - 1, Math.ceil(span.bottom) + MARGIN); y++) covered[y] = 1;
  }
  const step = 2;
  const samples = Math.floor((right - origin) / step) + 1;
  const inky = (/** @type {number} */ y) => {
    let dark = 0;
    for (let x = origin; x <= right; x += step) {
      const row = Math.round(y + slope * (x - origin));
      if (row >= 0 && row < height && grey[row * width + x] < DARK) dark++;
    }
    return dark >= Math.max(3, samples * INK_SHARE);
  };

  /** @type {LostLine[]} */
  const lost = [];
  let start = -1;
  let last = -1;
  const close = () => {
    if (start < 0) return;
    const top = start;
    const bottom = last;
    start = -1;
    const tall = bottom - top + 1;
    if (tall < lineHeight * MIN_HEIGHT_SHARE || tall > lineHeight * MAX_HEIGHT_SHARE || lost.length >= MAX_LOST) return;
    const [left, end] = inkExtent(grey, width, height, top, bottom, slope, origin, right);
    if (end <= left) return;
    lost.push({ top, bottom, left, right: end, slope, origin, ...neighbours(spans, top, bottom, left, end) });
  };
  for (let y = 0; y < height; y++) {
    if (!covered[y] && inky(y)) {
      if (start < 0 || y - last > JOIN_GAP + 1) {
        close();
        start = y;
      }
      last = y;
    } else if (start >= 0 && (covered[y] || y - last > JOIN_GAP)) {
      // A band running into a line read is part of that line (an accent, a stroke it cut).
      if (covered[y]) start = -1;
      else close();
    }
  }
  close();
  return lost;
}

/**
 * The lines read just above and below a band, overlapping it across the page.
 * @param {{ top: number, bottom: number, x0: number, x1: number }[]} spans
 * @param {number} top @param {number} bottom @param {number} left @param {number} right
 */
function neighbours(spans, top, bottom, left, right) {
  let after = -1;
  let before = -1;
  spans.forEach((span, i) => {
    if (span.x1 < left || span.x0 > right) return;
    if (span.bottom <= top && (after < 0 || span.bottom > spans[after].bottom)) after = i;
    if (span.top >= bottom && (before < 0 || span.top < spans[before].top)) before = i;
  });
  return { after, before };
}

/** Where the band's ink begins and ends across the page. */
function inkExtent(
  /** @type {Uint8Array} */ grey,
  /** @type {number} */ width,
  /** @type {number} */ height,
  /** @type {number} */ top,
  /** @type {number} */ bottom,
  /** @type {number} */ slope,
  /** @type {number} */ origin,
  /** @type {number} */ right,
) {
  let first = -1;
  let end = -1;
  for (let x = 0; x < width; x++) {
    const shift = slope * (x - origin);
    for (let y = top; y <= bottom; y++) {
      const row = Math.round(y + shift);
      if (row >= 0 && row < height && grey[row * width + x] < DARK) {
        if (first < 0) first = x;
        end = x;
        break;
      }
    }
    if (x > right && end < x - 100) break;
  }
  return [first, end + 1];
}

/**
 * The band as a picture of its own, straightened, with some white around it: a PGM to read.
 * @param {Uint8Array} grey @param {number} width @param {number} height @param {LostLine} band
 */
export function bandPicture(grey, width, height, band) {
  const pad = Math.round((band.bottom - band.top + 1) / 2);
  const left = Math.max(0, band.left - pad);
  const right = Math.min(width, band.right + pad);
  const outWidth = right - left;
  const outHeight = band.bottom - band.top + 1 + 2 * pad;
  const out = new Uint8Array(outWidth * outHeight).fill(255);
  for (let x = left; x < right; x++) {
    const shift = band.slope * (x - band.origin);
    for (let y = 0; y < outHeight; y++) {
      const row = Math.round(band.top - pad + y + shift);
      // Only the band's own rows: the lines above and below it stay out of the picture.
      if (y < pad - 1 || y > outHeight - pad) continue;
      if (row >= 0 && row < height) out[y * outWidth + (x - left)] = grey[row * width + x];
    }
  }
  const header = new TextEncoder().encode(`P5\n${outWidth} ${outHeight}\n255\n`);
  const pgm = new Uint8Array(header.length + out.length);
  pgm.set(header);
  pgm.set(out, header.length);
  return pgm;
}

/** @param {number[]} values */
function median(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
