import { describe, expect, it } from "vitest";
import fontkit from "@pdf-lib/fontkit";
import { fontFor } from "@/lib/server/export/pdf-fonts";

describe("fontFor (social preview images)", () => {
  it("holds a real glyph for every character of a Chinese and English name", () => {
    const text = "稅務小幫手 Tax Helper 線上服務即時回覆智能驅動";
    const font = fontkit.create(fontFor(text));
    for (const char of new Set(text.replace(/\s/g, ""))) {
      expect(font.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true);
      expect(font.glyphForCodePoint(char.codePointAt(0)!).bbox.width, char).toBeGreaterThan(0);
    }
  });

  it("holds a real glyph for a Simplified Chinese, Korean or emoji name, from the fallback fonts", () => {
    const text = "税务小帮手这个 한국어도우미 😀✔";
    const font = fontkit.create(fontFor(text));
    const box = font.getGlyph(0).path.toSVG();
    for (const char of new Set(text.replace(/\s/g, ""))) {
      const glyph = font.glyphForCodePoint(char.codePointAt(0)!);
      expect(glyph.bbox.width, char).toBeGreaterThan(0);
      expect(glyph.path.toSVG(), char).not.toBe(box);
    }
  });
});
