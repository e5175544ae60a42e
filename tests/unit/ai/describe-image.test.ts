import { describe, expect, it } from "vitest";
import { colourName, describeImage } from "@/lib/server/ai/offline/describe-image";

describe("colourName", () => {
  it("names greys by lightness and colours by hue", () => {
    expect(["#000000", "#ffffff", "#808080"].map((c) => colourName(c, "zh-TW"))).toEqual(["黑色", "白色", "灰色"]);
    expect(["#e02020", "#ff8c00", "#f0e020", "#20a020", "#20c0c0", "#2040e0", "#8020c0", "#ffb0c0", "#6b3a1a"].map((c) => colourName(c, "en"))).toEqual([
      "red",
      "orange",
      "yellow",
      "green",
      "cyan",
      "blue",
      "purple",
      "pink",
      "brown",
    ]);
  });
});

describe("describeImage", () => {
  const facts = { type: "image/gif", width: 100, height: 200, bytes: 2 * 1024 * 1024, frames: 3, hasAlpha: true, colours: [{ hex: "#2040e0", share: 0.6 }, { hex: "#2848e8", share: 0.3 }] };

  it("says format, pixels, orientation, size, animation, transparency and colours once each", () => {
    const zh = describeImage(facts, "zh-TW");
    expect(zh).toContain("這是一張 GIF 圖片，100 × 200 像素（直向），大小 2.0 MB，共 3 格動畫，含透明背景。");
    expect(zh).toContain("主要顏色：藍色。");
    expect(zh).toContain("離線模式");
    expect(describeImage(facts, "en")).toContain("A GIF image, 100 × 200 pixels (portrait), 2.0 MB, animated with 3 frames, with transparency.");
  });
});
