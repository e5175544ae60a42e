import { describe, expect, it } from "vitest";
import sharp from "sharp";
import * as messages from "@/app/api/messages/route";
import * as shareMessages from "@/app/api/shared-assistants/[id]/messages/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { createShare } from "@/lib/server/queries/shared-assistants";
import { call, seedUser } from "../support/http";

// A chat image once kept whatever type the client declared, so a GIF/SVG hybrid labelled
// image/svg+xml was stored and served as SVG. Images are now decoded and re-encoded by sharp, and
// stored with the type of what was encoded (PNG, JPEG or WebP; GIF becomes WebP).

let ipSeq = 0;
const freshIp = () => `100.110.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const SVG_TAIL = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`);
const HTML_TAIL = Buffer.from("<html><body><script>alert(3)</script></body></html>");

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
const bytesOf = (url: string) => Buffer.from(url.slice(url.indexOf(",") + 1), "base64");

const solid = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } });

async function animatedGif(frames: number, width = 30, height = 20): Promise<Buffer> {
  const pngs = await Promise.all(Array.from({ length: frames }, (_, i) => solid(width, height, i % 2 ? "#00aa00" : "#aa0000").png().toBuffer()));
  return sharp(pngs, { join: { animated: true } }).gif().toBuffer();
}

function sendOwn(cookie: string, imageData: string) {
  return call(messages.POST, { method: "POST", path: "/api/messages", cookie, body: { content: "看這張圖", imageData, imageFileName: "x.png" } });
}

describe("chat images are stored as re-encoded from their pixels", () => {
  it("POST /api/messages: a GIF/SVG hybrid declared image/svg+xml is stored as WebP pixels, the SVG gone", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const hybrid = Buffer.concat([await animatedGif(2), SVG_TAIL]);
    const res = await sendOwn(cookie, dataUrl("image/svg+xml", hybrid));
    expect(res.status).toBe(200);
    const stored: string = res.body.userMessage.imageData;
    expect(stored.startsWith("data:image/webp;base64,")).toBe(true);
    const bytes = bytesOf(stored);
    expect(bytes.includes("svg")).toBe(false);
    expect(bytes.includes("script")).toBe(false);
    // The animation survives the trip.
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", pages: 2, width: 30 });
    // And that is what is read back later.
    const listed = (await call(messages.GET, { cookie })).body as { imageData: string | null }[];
    expect(listed.find((m) => m.imageData)?.imageData).toBe(stored);
  });

  it("POST /api/shared-assistants/{id}/messages: a visitor's image is re-encoded the same way", async () => {
    const owner = await seedUser({ role: "admin" });
    const share = await createShare({ ownerId: owner.user.id, name: "訪客", rolePrompt: "", includeDocuments: false });
    const polyglot = Buffer.concat([await solid(16, 16, "#3366cc").png().toBuffer(), HTML_TAIL]);
    const res = await call(shareMessages.POST, {
      method: "POST",
      params: { id: share.shareId },
      path: `/api/shared-assistants/${share.shareId}/messages`,
      body: { message: "這是什麼？", sessionId: `session_images_${Date.now()}`, imageData: dataUrl("image/svg+xml", polyglot) },
      headers: { "x-client-ip": freshIp() },
    });
    expect(res.status).toBe(200);
    const stored: string = res.body.userMessage.imageData;
    expect(stored.startsWith("data:image/png;base64,")).toBe(true);
    expect(bytesOf(stored).includes("script")).toBe(false);
    expect(await sharp(bytesOf(stored)).metadata()).toMatchObject({ format: "png", width: 16, height: 16 });
  });

  it("keeps JPEG as JPEG, turned upright, without its EXIF (a location, a name)", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const photo = await solid(40, 20, "#884422").jpeg().withMetadata({ orientation: 6, exif: { IFD0: { Artist: "Private Person" } } }).toBuffer();
    const res = await sendOwn(cookie, dataUrl("image/png", photo));
    expect(res.status).toBe(200);
    const stored: string = res.body.userMessage.imageData;
    expect(stored.startsWith("data:image/jpeg;base64,")).toBe(true);
    const meta = await sharp(bytesOf(stored)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(bytesOf(stored).includes("Private Person")).toBe(false);
  });

  it("refuses too many pixels, one frame or all frames together, with the translated message and nothing stored", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const huge = await solid(8000, 6000, "#ffffff").png().toBuffer();
    const res = await sendOwn(cookie, dataUrl("image/png", huge));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe("圖片尺寸過大，請縮小後再試");
    const english = await call(messages.POST, { method: "POST", path: "/api/messages", cookie: `${cookie}; ${LOCALE_COOKIE}=en`, body: { content: "x", imageData: dataUrl("image/png", huge) } });
    expect(english.body.error.message).toBe("The image has too many pixels; make it smaller and try again");
    // Each frame small, the animation decoded whole past the limit.
    const long = await animatedGif(11, 2000, 2000);
    expect((await sendOwn(cookie, dataUrl("image/gif", long))).status).toBe(413);
    expect((await call(messages.GET, { cookie })).body).toEqual([]);
  });

  it("refuses a file whose header reads as an image but whose pixels do not, with the translated message", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const png = await solid(64, 64, "#123456").png({ compressionLevel: 0 }).toBuffer();
    const broken = png.subarray(0, 200);
    const res = await sendOwn(cookie, dataUrl("image/png", broken));
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe("請選擇圖片檔案（JPG、PNG、GIF等）");
    expect((await call(messages.GET, { cookie })).body).toEqual([]);
  });
});
