import { describe, expect, it } from "vitest";
import { checkImageDataUrl, maxImageDataUrlLength } from "@/lib/image-data";

const dataUrl = (type: string, bytes: Uint8Array | string) => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const GIF_HEAD = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000\u0080\u0000\u0000\u0000\u0000\u0000");
const WEBP_HEAD = new TextEncoder().encode("RIFF\u0010\u0000\u0000\u0000WEBPVP8 ");

describe("checkImageDataUrl", () => {
  it("accepts PNG, JPEG, GIF and WebP by their bytes, whatever type the URL declares", () => {
    expect(checkImageDataUrl(dataUrl("image/png", PNG_HEAD))).toMatchObject({ ok: true, type: "image/png", bytes: 16 });
    expect(checkImageDataUrl(dataUrl("image/png", JPEG_HEAD))).toMatchObject({ ok: true, type: "image/jpeg" });
    expect(checkImageDataUrl(dataUrl("image/jpeg", GIF_HEAD))).toMatchObject({ ok: true, type: "image/gif" });
    expect(checkImageDataUrl(dataUrl("image/webp", WEBP_HEAD))).toMatchObject({ ok: true, type: "image/webp" });
  });

  it("refuses SVG, HTML posing as PNG, other schemes and malformed base64", () => {
    expect(checkImageDataUrl(dataUrl("image/svg+xml", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"))).toEqual({ ok: false, reason: "format" });
    expect(checkImageDataUrl(dataUrl("image/png", "<html><script>alert(1)</script></html>"))).toEqual({ ok: false, reason: "format" });
    expect(checkImageDataUrl("javascript:alert(1)")).toEqual({ ok: false, reason: "format" });
    expect(checkImageDataUrl("data:image/png;base64,@@@@")).toEqual({ ok: false, reason: "format" });
    expect(checkImageDataUrl(`data:text/html;base64,${Buffer.from(PNG_HEAD).toString("base64")}`)).toEqual({ ok: false, reason: "format" });
  });

  it("refuses an image over the limit from the length alone", () => {
    const big = new Uint8Array(101);
    big.set(PNG_HEAD);
    expect(checkImageDataUrl(dataUrl("image/png", big), 100)).toEqual({ ok: false, reason: "too_large" });
    expect(checkImageDataUrl(dataUrl("image/png", big), 101)).toMatchObject({ ok: true, bytes: 101 });
    expect(dataUrl("image/jpeg", new Uint8Array(3000)).length).toBeLessThanOrEqual(maxImageDataUrlLength(3000));
  });
});
