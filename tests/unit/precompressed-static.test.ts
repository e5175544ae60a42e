import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsBrotli, isPrecompressed, precompressedStaticHandler, precompressStatic } from "../../scripts/precompressed-static";

// The server's brotli copies of the build's static files (scripts/precompressed-static.ts), over
// a real HTTP server on loopback: anything the handler does not answer falls through to a stand-in
// for Next, which says "next".

const dirs: string[] = [];
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SCRIPT = `console.log(${JSON.stringify("分享頁 ".repeat(400))});\n`;

function fakeBuild() {
  const nextDir = mkdtempSync(path.join(tmpdir(), "docchat-br-"));
  dirs.push(nextDir);
  mkdirSync(path.join(nextDir, "static/chunks"), { recursive: true });
  mkdirSync(path.join(nextDir, "static/media"), { recursive: true });
  writeFileSync(path.join(nextDir, "BUILD_ID"), "build-1");
  writeFileSync(path.join(nextDir, "static/chunks/app.js"), SCRIPT);
  writeFileSync(path.join(nextDir, "static/chunks/app.css"), "body{color:red}".repeat(100));
  writeFileSync(path.join(nextDir, "static/media/font.woff2"), Buffer.alloc(64, 7));
  writeFileSync(path.join(nextDir, "secret.txt"), "not static");
  return nextDir;
}

async function serve(nextDir: string) {
  const handle = precompressedStaticHandler(nextDir);
  const server = http.createServer((req, res) => {
    if (!handle(req, res)) res.writeHead(200, { "Content-Type": "text/plain" }).end("next");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return (urlPath: string, headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br" }, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      // Raw http, not fetch: fetch would decode the body and hide what was sent.
      const req = http.request({ host: "127.0.0.1", port, path: urlPath, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
}

describe("precompressStatic", () => {
  it("writes a .br beside each script and stylesheet, none for fonts, and marks the build done", async () => {
    const nextDir = fakeBuild();
    expect(isPrecompressed(nextDir)).toBe(false);
    expect(await precompressStatic(nextDir)).toBe(2);
    expect(brotliDecompressSync(readFileSync(path.join(nextDir, "static/chunks/app.js.br"))).toString()).toBe(SCRIPT);
    expect(() => readFileSync(path.join(nextDir, "static/media/font.woff2.br"))).toThrow();
    expect(isPrecompressed(nextDir)).toBe(true);
  });

  it("a new build is not precompressed until it is compressed again; a touched one still is", async () => {
    const nextDir = fakeBuild();
    await precompressStatic(nextDir);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(nextDir, "BUILD_ID"), later, later);
    expect(isPrecompressed(nextDir)).toBe(true);
    writeFileSync(path.join(nextDir, "BUILD_ID"), "build-2");
    expect(isPrecompressed(nextDir)).toBe(false);
    await precompressStatic(nextDir);
    expect(isPrecompressed(nextDir)).toBe(true);
  });
});

describe("precompressedStaticHandler", () => {
  it("sends the brotli file, immutable, to a browser that accepts br", async () => {
    const nextDir = fakeBuild();
    await precompressStatic(nextDir);
    const get = await serve(nextDir);
    const res = await get("/_next/static/chunks/app.js?dpl=1");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);

    const css = await get("/_next/static/chunks/app.css");
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
    const head = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("leaves to Next: clients without br, other files, other methods, paths outside the static folder, and a build not yet compressed", async () => {
    const nextDir = fakeBuild();
    const before = await serve(nextDir);
    expect((await before("/_next/static/chunks/app.js")).body.toString()).toBe("next");

    await precompressStatic(nextDir);
    const get = await serve(nextDir);
    for (const [urlPath, headers, method] of [
      ["/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate" }, "GET"],
      ["/_next/static/chunks/app.js", { "accept-encoding": "gzip, br;q=0" }, "GET"],
      ["/_next/static/chunks/app.js", {}, "GET"],
      ["/_next/static/chunks/app.js", { "accept-encoding": "br" }, "POST"],
      ["/_next/static/chunks/missing.js", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/media/font.woff2", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/../secret.txt", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/chunks/app.js.br", { "accept-encoding": "br" }, "GET"],
      ["/shared/abc", { "accept-encoding": "br" }, "GET"],
    ] as const) {
      const res = await get(urlPath, { ...headers }, method);
      expect(res.headers["content-encoding"], `${method} ${urlPath} ${JSON.stringify(headers)}`).toBeUndefined();
      expect(res.body.toString()).toBe("next");
    }
  });
});

describe("acceptsBrotli", () => {
  it.each([
    ["br", true],
    ["gzip, deflate, br, zstd", true],
    ["BR;q=0.5", true],
    ["gzip, br;q=0", false],
    ["gzip", false],
    ["", false],
    [undefined, false],
    ["brotli", false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});
