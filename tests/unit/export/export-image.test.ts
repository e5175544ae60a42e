import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { fitWithin, imageBytes, printImage } from "@/lib/server/export/export-image";

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

describe("printImage (images for Word and PDF)", () => {
  it("keeps a small PNG or JPEG as it is", async () => {
    const png = await solid(120, 80).png().toBuffer();
    const jpeg = await solid(90, 60).jpeg().toBuffer();
    expect(await printImage(dataUrl("image/png", png))).toEqual({ type: "png", bytes: new Uint8Array(png), width: 120, height: 80 });
    expect(await printImage(dataUrl("image/jpeg", jpeg))).toEqual({ type: "jpeg", bytes: new Uint8Array(jpeg), width: 90, height: 60 });
  });

  it("turns GIF and WebP into PNG, which Word and pdf-lib both take", async () => {
    for (const [type, bytes] of [
      ["image/gif", await solid(64, 32).gif().toBuffer()],
      ["image/webp", await solid(48, 96).webp().toBuffer()],
    ] as const) {
      const image = (await printImage(dataUrl(type, bytes)))!;
      expect(image.type, type).toBe("png");
      expect((await sharp(image.bytes).metadata()).format, type).toBe("png");
      expect([image.width, image.height], type).toEqual(type === "image/gif" ? [64, 32] : [48, 96]);
    }
  });

  it("scales a large image down to 1600 pixels on its long side, keeping its shape and its format", async () => {
    const image = (await printImage(dataUrl("image/jpeg", await solid(3200, 1000).jpeg().toBuffer())))!;
    expect(image).toMatchObject({ type: "jpeg", width: 1600, height: 500 });
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 500 });
  });

  it("turns a photo upright by its EXIF orientation, as a browser shows it", async () => {
    // Stored 200×100 and marked "rotate 90°": it is seen 100×200.
    const sideways = await solid(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = (await printImage(dataUrl("image/jpeg", sideways)))!;
    expect([image.width, image.height]).toEqual([100, 200]);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 100, height: 200 });
  });

  it("gives null for anything but a checked raster data URL, or bytes that do not decode", async () => {
    expect(await printImage(null)).toBeNull();
    expect(await printImage("data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=")).toBeNull();
    expect(imageBytes("https://example.com/a.png")).toBeNull();
    const truncated = (await solid(50, 50).png().toBuffer()).subarray(0, 40);
    expect(await printImage(dataUrl("image/png", truncated))).toBeNull();
  });
});

describe("fitWithin", () => {
  it("scales down to fit, never up, keeping the aspect ratio", () => {
    expect(fitWithin(1200, 400, 600, 600)).toEqual({ width: 600, height: 200 });
    expect(fitWithin(300, 1200, 600, 600)).toEqual({ width: 150, height: 600 });
    expect(fitWithin(100, 50, 600, 600)).toEqual({ width: 100, height: 50 });
  });
});
