import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, createBrotliDecompress } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { brotliForPages, isPageNavigation } from "../../scripts/page-brotli";

// Brotli for the pages' HTML (scripts/page-brotli.ts), over a real HTTP server on loopback. The
// handler after it stands in for Next: it records the Accept-Encoding it was given and answers
// as the test says, with setHeader + flushHeaders + write, as Next streams a page.

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const NAVIGATION = { "accept-encoding": "gzip, deflate, br, zstd", "sec-fetch-dest": "document", accept: "text/html,application/xhtml+xml" };
const SHELL = `<!DOCTYPE html><html lang="zh-TW"><body><h1>${"分享的助手 ".repeat(200)}</h1>`;
const REST = `<p>${"有任何問題都可以直接問我。".repeat(200)}</p></body></html>`;

type Next = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

async function serve(next: Next) {
  const seen: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    brotliForPages(req, res);
    seen.push(req.headers["accept-encoding"] as string | undefined);
    void next(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const request = (path: string, headers: Record<string, string>, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      // Raw http, not fetch: fetch would decode the body and hide what was sent.
      const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  return { port, seen, request };
}

/** Answers like Next renders a page: headers set, flushed, then the shell and the rest. */
const page: Next = (_req, res) => {
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Vary", "rsc, Accept-Encoding");
  res.flushHeaders();
  res.write(SHELL);
  res.end(REST);
};

describe("brotliForPages", () => {
  it("sends a page's HTML as brotli to a browser that takes it, and Next is asked for it uncompressed", async () => {
    const { request, seen } = await serve(page);
    const res = await request("/shared/abc", NAVIGATION);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers.vary).toBe("rsc, Accept-Encoding");
    expect(brotliDecompressSync(res.body).toString("utf8")).toBe(SHELL + REST);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SHELL + REST) / 10);
    expect(seen).toEqual(["identity"]);
  });

  it("streams: the shell reaches the browser, decoded, before the rest is written", async () => {
    let releaseRest!: () => void;
    const restMayGo = new Promise<void>((resolve) => (releaseRest = resolve));
    const { port } = await serve(async (_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.flushHeaders();
      res.write(SHELL);
      // Bounded: a compressor that held the shell back would fail the assertion below, not hang.
      await Promise.race([restMayGo, new Promise((resolve) => setTimeout(resolve, 3000))]);
      res.end(REST);
    });
    const decodedBeforeRest = await new Promise<string>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: "/", headers: NAVIGATION }, (res) => {
        expect(res.headers["content-encoding"]).toBe("br");
        let text = "";
        const decoder = res.pipe(createBrotliDecompress());
        decoder.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
          if (text === SHELL) {
            resolve(text);
            releaseRest();
          }
        });
        decoder.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end();
    });
    expect(decodedBeforeRest).toBe(SHELL);
  });

  it("headers given to writeHead count: an HTML page answered that way is compressed too", async () => {
    const { request } = await serve((_req, res) => {
      res.writeHead(200, "OK", { "Content-Type": "text/html; charset=utf-8" });
      res.end(SHELL);
    });
    const res = await request("/guide", NAVIGATION);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(res.body).toString("utf8")).toBe(SHELL);
  });

  it("what a navigation answers that is not an HTML body (a redirect, a 304, JSON, something already encoded) goes out as written", async () => {
    const { request } = await serve((req, res) => {
      if (req.url === "/") return void res.writeHead(307, { Location: "/auth?next=%2F" }).end();
      if (req.url === "/unchanged") {
        res.statusCode = 304;
        res.setHeader("Content-Type", "text/html");
        return void res.end();
      }
      if (req.url === "/json") {
        res.setHeader("Content-Type", "application/json");
        return void res.end('{"ok":true}');
      }
      res.setHeader("Content-Type", "text/html");
      res.setHeader("Content-Encoding", "gzip");
      res.end("already");
    });
    const redirect = await request("/", NAVIGATION);
    expect(redirect.status).toBe(307);
    expect(redirect.headers.location).toBe("/auth?next=%2F");
    expect(redirect.headers["content-encoding"]).toBeUndefined();
    const unchanged = await request("/unchanged", NAVIGATION);
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers["content-encoding"]).toBeUndefined();
    expect(unchanged.body.length).toBe(0);
    const json = await request("/json", NAVIGATION);
    expect(json.headers["content-encoding"]).toBeUndefined();
    expect(json.body.toString()).toBe('{"ok":true}');
    const encoded = await request("/encoded", NAVIGATION);
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(encoded.body.toString()).toBe("already");
  });

  it("leaves every other request to Next as it came: API calls, static files, React's data requests, fetches, POSTs, HEADs, no brotli", async () => {
    const { request, seen } = await serve(page);
    const cases: [string, Record<string, string>, string?][] = [
      ["/api/documents", NAVIGATION],
      ["/_next/static/chunks/app.js", NAVIGATION],
      ["/shared/abc", { ...NAVIGATION, rsc: "1" }],
      ["/shared/abc", { ...NAVIGATION, "sec-fetch-dest": "empty" }],
      ["/shared/abc", NAVIGATION, "POST"],
      ["/shared/abc", NAVIGATION, "HEAD"],
      ["/shared/abc", { ...NAVIGATION, "accept-encoding": "gzip, deflate" }],
      ["/shared/abc", { ...NAVIGATION, "accept-encoding": "gzip, br;q=0" }],
    ];
    for (const [path, headers, method] of cases) {
      const res = await request(path, headers, method);
      expect(res.headers["content-encoding"], `${method ?? "GET"} ${path} ${JSON.stringify(headers)}`).toBeUndefined();
    }
    expect(seen).toEqual(cases.map(([, headers]) => headers["accept-encoding"]));
  });
});

describe("isPageNavigation", () => {
  const req = (url: string, headers: Record<string, string>, method = "GET") => ({ url, method, headers }) as unknown as http.IncomingMessage;
  it("is a browser's GET of a document (a window's or an embedding frame's); without Fetch Metadata, a GET that accepts HTML", () => {
    expect(isPageNavigation(req("/shared/x", { "sec-fetch-dest": "document" }))).toBe(true);
    expect(isPageNavigation(req("/shared/x", { "sec-fetch-dest": "iframe" }))).toBe(true);
    expect(isPageNavigation(req("/shared/x", { accept: "text/html,*/*" }))).toBe(true);
    expect(isPageNavigation(req("/shared/x", { accept: "*/*" }))).toBe(false);
    expect(isPageNavigation(req("/shared/x", { "sec-fetch-dest": "script", accept: "text/html" }))).toBe(false);
    expect(isPageNavigation(req("/api/x", { "sec-fetch-dest": "document" }))).toBe(false);
  });
});
