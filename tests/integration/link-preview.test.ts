import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import * as linkPreviewRoute from "@/app/api/link-preview/route";
import { OutboundRefused, type SafeFetchOptions } from "@/lib/server/outbound/safe-fetch";
import { linkPreview, LinkPreviewFailed } from "@/lib/server/use-cases/preview-link";
import { startFakeSite, type FakePages } from "../support/fake-site";
import { call, seedUser } from "../support/http";

// A loopback web server stands in for the sites users link to. Production rules refuse loopback,
// so the tests that fetch from it resolve their own host names to it and allow just its address.

let site: Awaited<ReturnType<typeof startFakeSite>>;
let port = 0;
let png: Buffer;

const pages: FakePages = {
  "/article": (res) =>
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><html><head>
      <title>Fallback title</title>
      <meta property="og:title" content="臺北市 &amp; 新北市 &lt;script&gt;alert(1)&lt;/script&gt;">
      <meta property="og:site_name" content="City News">
      <meta name="description" content="<b>Bold</b> claims &#x1F600; and &quot;quotes&quot;">
      <meta property="og:image" content="/cover.png">
      </head><body>ignored</body></html>`),
  "/cover.png": (res) => res.writeHead(200, { "content-type": "image/png" }).end(png),
  "/plain": (res) => res.writeHead(200, { "content-type": "text/plain" }).end("just text"),
  "/to-metadata": (res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
  "/loop": (res) => res.writeHead(302, { location: "/loop" }).end(),
  "/endless": (res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.write("<html><head><title>Endless</title></head><body>");
    const chunk = "x".repeat(64 * 1024);
    // Writes for as long as the client reads (bounded by the client's cap, which ends the socket).
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once("drain", pump);
    };
    pump();
  },
  "/slow": () => undefined,
};

const test = (): Partial<SafeFetchOptions> => site.fetchOptions();

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 2, channels: 3, background: "#2040e0" } }).png().toBuffer();
  site = await startFakeSite(pages);
  port = site.port;
});
afterAll(() => site.close());
beforeEach(() => site.reset());

describe("linkPreview", () => {
  it("reads title, site name and description as plain text, and inlines the image as a data URL", async () => {
    const preview = await linkPreview(`http://news.test:${port}/article`, test());
    expect(preview.title).toBe("臺北市 & 新北市 <script>alert(1)</script>");
    expect(preview.siteName).toBe("City News");
    expect(preview.description).toBe('Bold claims 😀 and "quotes"');
    expect(preview.image).toBe(`data:image/png;base64,${png.toString("base64")}`);
  });

  it("answers again from the cache without fetching", async () => {
    await linkPreview(`http://cached.test:${port}/article`, test());
    const fetched = site.requests.length;
    await linkPreview(`http://cached.test:${port}/article#section`, test());
    expect(site.requests.length).toBe(fetched);
  });

  it("fails cleanly for a page that is not HTML, and remembers the failure", async () => {
    await expect(linkPreview(`http://plain.test:${port}/plain`, test())).rejects.toBeInstanceOf(LinkPreviewFailed);
    await expect(linkPreview(`http://plain.test:${port}/plain`, test())).rejects.toBeInstanceOf(LinkPreviewFailed);
    expect(site.requests).toEqual(["/plain"]);
  });

  it("refuses loopback, private, link-local and unspecified addresses in any spelling, with no connection made", async () => {
    const urls = [
      `http://127.0.0.1:${port}/article`,
      `http://2130706433:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://017700000001:${port}/`,
      `http://127.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://[::]:${port}/`,
      `http://localhost:${port}/`,
      `http://app.localhost:${port}/`,
      `http://169.254.169.254:${port}/latest/meta-data/`,
      `http://10.0.0.1:${port}/`,
      `http://172.16.5.4:${port}/`,
      `http://192.168.1.1:${port}/`,
      `http://100.64.0.1:${port}/`,
      `http://[fe80::1]:${port}/`,
      `http://[fd00::1]:${port}/`,
      `http://[64:ff9b::7f00:1]:${port}/`,
    ];
    for (const url of urls) {
      const error = await linkPreview(url, { ports: [port] }).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(OutboundRefused);
    }
    expect(site.connections).toBe(0);
  });

  it("refuses other schemes, other ports, credentials and single-label hosts", async () => {
    for (const url of ["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "gopher://example.com/", "http://example.com:8080/", "https://example.com:22/", "http://user:pass@example.com/", "http://intranet/", "not a url"]) {
      await expect(linkPreview(url), url).rejects.toBeInstanceOf(OutboundRefused);
    }
  });

  it("checks the address when connecting: a name that resolves to loopback is refused (DNS rebinding)", async () => {
    const rebinding: Partial<SafeFetchOptions> = { resolve: async () => [{ address: "127.0.0.1", family: 4 }], ports: [port] };
    await expect(linkPreview(`http://rebind.example:${port}/article`, rebinding)).rejects.toBeInstanceOf(OutboundRefused);
    const mixed: Partial<SafeFetchOptions> = { resolve: async () => [{ address: "93.184.215.14", family: 4 }, { address: "10.1.2.3", family: 4 }], ports: [port] };
    await expect(linkPreview(`http://mixed.example:${port}/article`, mixed)).rejects.toBeInstanceOf(OutboundRefused);
    expect(site.connections).toBe(0);
  });

  it("checks every redirect again, and follows at most 3", async () => {
    await expect(linkPreview(`http://redirect.test:${port}/to-metadata`, test())).rejects.toBeInstanceOf(OutboundRefused);
    expect(site.requests).toEqual(["/to-metadata"]);
    await expect(linkPreview(`http://loop.test:${port}/loop`, test())).rejects.toBeInstanceOf(OutboundRefused);
    expect(site.requests.filter((r) => r === "/loop")).toHaveLength(4);
  });

  it("cuts an endless body at 1 MB and a silent server at the time limit", async () => {
    const endless = await linkPreview(`http://endless.test:${port}/endless`, test());
    expect(endless.title).toBe("Endless");
    await expect(linkPreview(`http://slow.test:${port}/slow`, { ...test(), timeoutMs: 300 })).rejects.toBeInstanceOf(LinkPreviewFailed);
  });
});

describe("POST /api/link-preview", () => {
  it("refuses a private address with 400 and makes no connection", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const res = await call(linkPreviewRoute.POST, { method: "POST", path: "/api/link-preview", cookie, body: { url: `http://127.0.0.1:${port}/article` } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("無法預覽這個連結");
    expect(site.connections).toBe(0);
  });

  it("answers 422 when the page cannot be fetched, and 400 for a missing url", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const res = await call(linkPreviewRoute.POST, { method: "POST", path: "/api/link-preview", cookie, body: { url: "http://does-not-exist.invalid/" } });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("無法取得連結預覽");
    expect((await call(linkPreviewRoute.POST, { method: "POST", path: "/api/link-preview", cookie, body: {} })).status).toBe(400);
  });
});
