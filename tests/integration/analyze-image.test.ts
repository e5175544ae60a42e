import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";
import * as analyzeImage from "@/app/api/analyze-image/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { AI_SERVICE_SETTING } from "@/lib/server/ai/providers";
import { setSetting } from "@/lib/server/queries/app-settings";
import { call, multipart, seedUser } from "../support/http";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";

/** A 64x32 PNG: left half red, right half blue. */
async function redBluePng(): Promise<Buffer> {
  const half = { width: 32, height: 32, channels: 3 as const };
  const red = await sharp({ create: { ...half, background: "#e02020" } }).png().toBuffer();
  const blue = await sharp({ create: { ...half, background: "#2040e0" } }).png().toBuffer();
  return sharp({ create: { width: 64, height: 32, channels: 3, background: "#000000" } })
    .composite([{ input: red, left: 0, top: 0 }, { input: blue, left: 32, top: 0 }])
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])));
  return Buffer.concat([length, Buffer.from(type, "latin1"), data, crc]);
}

/** A tiny file whose header claims 50,000 × 50,000 pixels (a decompression bomb's shape). */
function hugeHeaderPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.alloc(1000))), chunk("IEND", Buffer.alloc(0))]);
}

async function analyze(cookie: string, file: File, message?: string) {
  const { rawBody, headers } = await multipart(message === undefined ? { image: file } : { image: file, message });
  return call(analyzeImage.POST, { method: "POST", path: "/api/analyze-image", cookie, rawBody, headers });
}

describe("POST /api/analyze-image (offline)", () => {
  it("describes format, size in pixels and main colours, in the reader's language", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const png = new File([new Uint8Array(await redBluePng())], "flag.png", { type: "image/png" });
    const zh = await analyze(cookie, png, "這是什麼？");
    expect(zh.status).toBe(200);
    expect(zh.body.analysis).toContain("PNG");
    expect(zh.body.analysis).toContain("64 × 32");
    expect(zh.body.analysis).toContain("橫向");
    expect(zh.body.analysis).toMatch(/紅色/);
    expect(zh.body.analysis).toMatch(/藍色/);
    // What it cannot see, said plainly; the question is answered when the message is sent, not echoed here.
    expect(zh.body.analysis).toContain("離線模式只能描述檔案本身");
    expect(zh.body.analysis).not.toContain("這是什麼？");
    const en = await analyze(`${cookie}; ${LOCALE_COOKIE}=en`, png);
    expect(en.body.analysis).toMatch(/A PNG image, 64 × 32 pixels \(landscape\)/);
    expect(en.body.analysis).toMatch(/red/);
  });

  it("calls an image transparent only when some of it is see-through, not for an opaque picture with an alpha channel", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const rgba = (alpha: number) => sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 32, g: 64, b: 224, alpha } } }).png().toBuffer();
    const opaque = await analyze(cookie, new File([new Uint8Array(await rgba(1))], "opaque.png", { type: "image/png" }));
    expect(opaque.body.analysis).not.toContain("透明");
    expect(opaque.body.analysis).toContain("藍色");
    // Left half blue, right half fully see-through.
    const blueHalf = await sharp({ create: { width: 20, height: 40, channels: 4, background: { r: 32, g: 64, b: 224, alpha: 1 } } }).png().toBuffer();
    const halfClear = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([{ input: blueHalf, left: 0, top: 0 }]).png().toBuffer();
    const clear = await analyze(cookie, new File([new Uint8Array(halfClear)], "half.png", { type: "image/png" }));
    expect(clear.body.analysis).toContain("含透明背景");
    // The see-through half has no colour of its own: the visible half's blue is the main colour.
    expect(clear.body.analysis).toContain("主要顏色：藍色。");
  });

  it("refuses SVG, a text file named .png and a missing image, with the product's message", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const svg = new File(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], "x.svg", { type: "image/svg+xml" });
    const fake = new File(["not an image at all"], "x.png", { type: "image/png" });
    for (const file of [svg, fake]) {
      const res = await analyze(cookie, file);
      expect(res.status).toBe(415);
      expect(res.body.error.message).toBe("請選擇圖片檔案（JPG、PNG、GIF等）");
    }
    const { rawBody, headers } = await multipart({ message: "hi" });
    const none = await call(analyzeImage.POST, { method: "POST", path: "/api/analyze-image", cookie, rawBody, headers });
    expect(none.status).toBe(400);
  });

  it("refuses an image over 10 MB, and one whose header claims too many pixels before decoding it", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set(await redBluePng());
    const tooBig = await analyze(cookie, new File([new Uint8Array(big)], "big.png", { type: "image/png" }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe("圖片檔案大小不能超過 10MB");
    const bomb = await analyze(cookie, new File([new Uint8Array(hugeHeaderPng())], "bomb.png", { type: "image/png" }));
    expect(bomb.status).toBe(413);
    expect(bomb.body.error.code).toBe("payload_too_large");
  });
});

describe("POST /api/analyze-image (vision model)", () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await setSetting(AI_SERVICE_SETTING, {});
    await fake.close();
  });

  it("sends the picture to the vision model with the user's question, and falls back to the local description when it fails", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    await setSetting(AI_SERVICE_SETTING, { baseUrl: fake.baseUrl, allowPrivateNetwork: true, chatModel: "chat-model", visionModel: "vision-model", timeoutMs: 3_000 });
    fake.mode = "ok";
    fake.reply = "一面左紅右藍的旗子。";
    const png = new File([new Uint8Array(await redBluePng())], "flag.png", { type: "image/png" });
    const res = await analyze(cookie, png, "這是哪國國旗？");
    expect(res.body.analysis).toBe("一面左紅右藍的旗子。");
    const request = fake.requests.at(-1)!;
    expect(request.body.model).toBe("vision-model");
    const parts = request.body.messages.at(-1).content;
    expect(parts).toContainEqual({ type: "text", text: "這是哪國國旗？" });
    expect(parts.some((p: { type: string; image_url?: { url: string } }) => p.type === "image_url" && p.image_url!.url.startsWith("data:image/png;base64,"))).toBe(true);

    fake.mode = "error500";
    const fallback = await analyze(cookie, png);
    expect(fallback.status).toBe(200);
    expect(fallback.body.analysis).toContain("64 × 32");
  });
});
