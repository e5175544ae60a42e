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
});
