import { describe, expect, it } from "vitest";
import { bandPicture, lostLines, type ReadLine } from "@/lib/server/ingest/worker/ocr/lost-lines.mjs";

const WIDTH = 1000;
const HEIGHT = 600;

/** A white page with "lines of text": rows of dark strokes 30 pixels tall, at a slant. */
function page(lineTops: number[], slope = 0, tall = 30) {
  const grey = new Uint8Array(WIDTH * HEIGHT).fill(255);
  for (const top of lineTops) {
    for (let x = 100; x < 900; x++) {
      // Strokes and gaps, as characters give: dark in 3 columns of every 5.
      if (x % 5 > 2) continue;
      const shift = Math.round(slope * (x - 100));
      for (let y = top; y < top + tall; y++) if (y + shift >= 0 && y + shift < HEIGHT) grey[(y + shift) * WIDTH + x] = 0;
    }
  }
  return grey;
}

/** What the engine reports for a line it read: its box, and its baseline at the slant. */
function read(top: number, slope = 0, tall = 30): ReadLine {
  const drift = slope * 800;
  return {
    bbox: { x0: 100, x1: 900, y0: Math.round(top + Math.min(0, drift)), y1: Math.round(top + tall + Math.max(0, drift)) },
    baseline: { x0: 100, x1: 900, y0: top + tall, y1: Math.round(top + tall + drift) },
  };
}

describe("lines the engine's layout left out", () => {
  it("finds a line of ink between two lines read, and where it goes", () => {
    const tops = [100, 160, 220, 280];
    const lost = lostLines(page(tops), WIDTH, HEIGHT, [read(100), read(160), read(280)]);
    expect(lost).toHaveLength(1);
    expect(lost[0].top).toBeGreaterThanOrEqual(218);
    expect(lost[0].bottom).toBeLessThanOrEqual(252);
    expect(lost[0].left).toBe(100);
    expect(lost[0].right).toBeGreaterThan(890);
    expect([lost[0].after, lost[0].before]).toEqual([1, 2]);
  });

  it("follows the lines' slant on a skewed page, where a straight row crosses several lines", () => {
    const slope = Math.tan((1.5 * Math.PI) / 180);
    // Lines 45 pixels apart drift 21 pixels across the page: any straight row crosses two of them.
    const tops = [100, 145, 190, 235];
    const lost = lostLines(page(tops, slope), WIDTH, HEIGHT, [read(100, slope), read(145, slope), read(235, slope)]);
    expect(lost).toHaveLength(1);
    expect(Math.abs(lost[0].top - 190)).toBeLessThanOrEqual(3);
    expect([lost[0].after, lost[0].before]).toEqual([1, 2]);
  });

  it("finds nothing when every line was read, nor in a picture far taller than a line", () => {
    const tops = [100, 160, 220];
    expect(lostLines(page(tops), WIDTH, HEIGHT, tops.map((top) => read(top)))).toEqual([]);
    const withPicture = page([100, 160]);
    for (let y = 300; y < 500; y++) for (let x = 200; x < 700; x += 2) withPicture[y * WIDTH + x] = 0;
    expect(lostLines(withPicture, WIDTH, HEIGHT, [read(100), read(160)])).toEqual([]);
  });

  it("cuts the band out straightened, with white around it and nothing of the lines beside it", () => {
    const slope = 0.02;
    const grey = page([100, 160, 220], slope);
    const [band] = lostLines(grey, WIDTH, HEIGHT, [read(100, slope), read(220, slope)]);
    const pgm = bandPicture(grey, WIDTH, HEIGHT, band);
    const header = new TextDecoder().decode(pgm.subarray(0, 20)).match(/^P5\n(\d+) (\d+)\n255\n/)!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = pgm.subarray(header[0].length);
    expect(pixels.length).toBe(width * height);
    // The first and last columns of strokes are dark over the same rows: the slant is gone.
    const darkRows = (column: number) => Array.from({ length: height }, (_, y) => y).filter((y) => pixels[y * width + column] < 128);
    const inked = Array.from({ length: width }, (_, x) => x).filter((x) => darkRows(x).length > 0);
    const [first, last] = [darkRows(inked[0]), darkRows(inked.at(-1)!)];
    expect(first.length).toBeGreaterThanOrEqual(28);
    expect(Math.abs(first[0] - last[0])).toBeLessThanOrEqual(1);
    // White above and below: nothing of the lines at 100 and 220 came with it.
    expect(inked.every((x) => darkRows(x).every((y) => y > 2 && y < height - 3))).toBe(true);
  });
});
