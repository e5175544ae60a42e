import { beforeEach, describe, expect, it, vi } from "vitest";
import fontkit from "@pdf-lib/fontkit";

// Every file the font code reads is recorded, so a test can tell which font packages it opened.
const reads = vi.hoisted(() => [] as string[]);
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const recorded = ((file: string, ...rest: unknown[]) => {
    reads.push(String(file));
    return (fs.readFileSync as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync: recorded }, readFileSync: recorded };
});

/** pdf-fonts with its caches empty, as a fresh export worker has it. */
async function freshFonts() {
  vi.resetModules();
  return import("@/lib/server/export/pdf-fonts");
}

const packagesRead = () => [...new Set(reads.map((file) => /@fontsource\/([^/]+)\//.exec(file)?.[1]).filter(Boolean))].sort();

beforeEach(() => {
  reads.length = 0;
});

describe("the PDF font fallback chain", () => {
  it("takes each character from the first family that has it: Traditional first, then Simplified, Japanese, Korean, symbols, emoji", async () => {
    const { glyphSource } = await freshFonts();
    const family = (char: string, weight: 400 | 700 = 400) => glyphSource(char.codePointAt(0)!, weight)?.family ?? null;
    // Both forms of 權 exist; the Traditional one is Noto Sans TC's, the Simplified one only Noto Sans SC's.
    expect([family("權"), family("权"), family("这"), family("锦")]).toEqual(["noto-sans-tc", "noto-sans-sc", "noto-sans-sc", "noto-sans-sc"]);
    // Kana are in Noto Sans TC; Noto Sans JP only adds rare ideographs such as 勔 (in the eval documents).
    expect([family("か"), family("ア"), family("勔"), family("한"), family("✔"), family("😀")]).toEqual([
      "noto-sans-tc",
      "noto-sans-tc",
      "noto-sans-jp",
      "noto-sans-kr",
      "noto-sans-symbols-2",
      "noto-emoji",
    ]);
    expect(family("甂")).toBeNull();
    // Noto Sans Symbols 2 has one weight: bold text takes its regular glyph rather than none.
    expect(glyphSource("✔".codePointAt(0)!, 700)?.font.id).toBe("noto-sans-symbols-2-symbols-400");
    expect(glyphSource("한".codePointAt(0)!, 700)?.font.id).toMatch(/^noto-sans-kr-.+-700$/);
  });

  it("opens no fallback package for Traditional Chinese text, and only the files a mixed text needs", async () => {
    const traditional = await freshFonts();
    traditional.mergedFont([..."臺灣高鐵的最高營運時速為 300 公里，請用繁體中文回答：「垃圾什麼時候收？」"].map((c) => c.codePointAt(0)!), 400);
    expect(packagesRead()).toEqual(["noto-sans-tc"]);

    reads.length = 0;
    const mixed = await freshFonts();
    mixed.mergedFont([..."臺灣 这 한 😀"].map((c) => c.codePointAt(0)!), 400);
    expect(packagesRead()).toEqual(["noto-emoji", "noto-sans-jp", "noto-sans-kr", "noto-sans-sc", "noto-sans-symbols", "noto-sans-symbols-2", "noto-sans-tc"]);
    // Past Noto Sans TC, a family's ranges are read, then only a file whose range holds a character
    // it still needs: Noto Sans SC's for 这, and its Hangul file, which lacks 한, then Noto Sans KR's.
    const woffs = reads.filter((file) => file.endsWith(".woff") && !file.includes("/noto-sans-tc/"));
    expect(woffs.map((file) => file.replace(/^.*\//, ""))).toEqual([
      "noto-sans-sc-118-400-normal.woff",
      "noto-sans-sc-105-400-normal.woff",
      "noto-sans-kr-118-400-normal.woff",
      "noto-emoji-9-400-normal.woff",
    ]);

    // The next export finds them loaded.
    reads.length = 0;
    mixed.mergedFont([..."臺灣 这 한 😀"].map((c) => c.codePointAt(0)!), 400);
    expect(reads.filter((file) => file.endsWith(".woff"))).toEqual([]);
  });
});

describe("the merged font", () => {
  it("draws a character no family has as the .notdef box, as a glyph of its own that maps back to it", async () => {
    const { fontFor } = await freshFonts();
    const font = fontkit.create(fontFor("甂灙權"));
    const box = font.getGlyph(0).path.toSVG();
    expect(box).not.toBe("");
    const [a, b, real] = [..."甂灙權"].map((char) => font.glyphForCodePoint(char.codePointAt(0)!));
    expect([a.path.toSVG(), b.path.toSVG()]).toEqual([box, box]);
    expect(new Set([0, a.id, b.id, real.id]).size).toBe(4);
    expect(real.path.toSVG()).not.toBe(box);
  });

  it("gives characters that share a drawing a glyph each (a PDF reader maps a glyph back to one character)", async () => {
    const { fontFor } = await freshFonts();
    // Noto Sans TC draws U+2022, U+2027 and U+30FB with one glyph.
    const font = fontkit.create(fontFor("•‧・"));
    const glyphs = [..."•‧・"].map((char) => font.glyphForCodePoint(char.codePointAt(0)!));
    expect(new Set(glyphs.map((glyph) => glyph.id)).size).toBe(3);
    expect(new Set(glyphs.map((glyph) => glyph.path.toSVG())).size).toBe(1);
  });

  it("scales Noto Emoji's glyphs (2,048 units to the em) to the merged font's 1,000", async () => {
    const { fontFor } = await freshFonts();
    const font = fontkit.create(fontFor("😀中"));
    expect(font.unitsPerEm).toBe(1000);
    const emoji = font.glyphForCodePoint(0x1f600);
    // Noto Emoji's 😀 is 2,600 units wide: 1.27 em.
    expect(emoji.advanceWidth).toBe(Math.round((2600 * 1000) / 2048));
    const { minX, minY, maxX, maxY } = emoji.path.bbox;
    expect(minX).toBeGreaterThanOrEqual(0);
    expect(maxX).toBeLessThanOrEqual(emoji.advanceWidth);
    expect(minY).toBeGreaterThan(-300);
    expect(maxY).toBeLessThan(1000);
    expect(maxY - minY).toBeGreaterThan(700);
  });
});
