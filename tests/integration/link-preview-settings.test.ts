import { describe, expect, it } from "vitest";
import sharp from "sharp";
import * as settings from "@/app/api/link-preview-settings/route";
import * as icon from "@/app/api/link-preview-settings/icon/route";
import { call, multipart, seedUser } from "../support/http";

async function uploadIcon(cookie: string, file: File) {
  const { rawBody, headers } = await multipart({ icon: file });
  return call(icon.POST, { method: "POST", path: "/api/link-preview-settings/icon", cookie, rawBody, headers });
}

const pngFile = async (width = 120, height = 63) =>
  new File([new Uint8Array(await sharp({ create: { width, height, channels: 3, background: "#ff8800" } }).png().toBuffer())], "icon.png", { type: "image/png" });

describe("GET /api/link-preview-settings", () => {
  it("starts at the default style with no icon", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    expect((await call(settings.GET, { cookie })).body).toEqual({ style: "default", useCustomIcon: false, customIcon: null });
  });
});

describe("PUT /api/link-preview-settings", () => {
  it("saves any of the six styles and refuses others", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    for (const style of ["default", "compact", "minimal", "medium", "horizontal", "large"]) {
      expect((await call(settings.PUT, { method: "PUT", cookie, body: { style } })).body.style).toBe(style);
    }
    expect((await call(settings.PUT, { method: "PUT", cookie, body: { style: "huge" } })).status).toBe(400);
    expect((await call(settings.GET, { cookie })).body.style).toBe("large");
  });

  it("refuses to switch the custom icon on while there is no icon", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const res = await call(settings.PUT, { method: "PUT", cookie, body: { useCustomIcon: true } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("請先上傳自訂圖標");
  });
});

describe("POST and DELETE /api/link-preview-settings/icon", () => {
  it("stores an uploaded icon and switches it on; removing it switches it off", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const res = await uploadIcon(cookie, await pngFile());
    expect(res.status).toBe(200);
    expect(res.body.useCustomIcon).toBe(true);
    expect(res.body.customIcon).toMatch(/^data:image\/png;base64,/);
    expect((await call(settings.PUT, { method: "PUT", cookie, body: { useCustomIcon: false } })).body.useCustomIcon).toBe(false);
    expect((await call(settings.PUT, { method: "PUT", cookie, body: { useCustomIcon: true } })).body.useCustomIcon).toBe(true);
    const removed = await call(icon.DELETE, { method: "DELETE", cookie });
    expect(removed.body).toEqual({ style: "default", useCustomIcon: false, customIcon: null });
  });

  it("refuses a non-image (檔案格式錯誤) and a file over 5 MB (檔案太大), keeping the current icon", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    await uploadIcon(cookie, await pngFile());
    const before = (await call(settings.GET, { cookie })).body.customIcon;
    const svg = await uploadIcon(cookie, new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "x.svg", { type: "image/svg+xml" }));
    expect(svg.status).toBe(415);
    expect(svg.body.error.message).toBe("檔案格式錯誤");
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.set(Buffer.from("89504e470d0a1a0a", "hex"));
    const tooBig = await uploadIcon(cookie, new File([new Uint8Array(big)], "big.png", { type: "image/png" }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe("檔案太大");
    expect((await call(settings.GET, { cookie })).body.customIcon).toBe(before);
  });
});
