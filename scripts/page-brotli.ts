// Brotli for the pages' HTML, as it streams. Next compresses what it renders with gzip only; a
// shared page's HTML is about 14 KB gzipped and 11-12 KB with brotli at quality 5. That is the
// difference between fitting in the first round trip of a new connection (TCP starts with about
// 14.6 KB in flight) and needing a second one, which a phone on a slow link opening a shared
// link from LINE feels before anything is drawn. Quality 5 costs a few milliseconds per page;
// every chunk React streams is flushed at once, so the shell still arrives before the rest.
//
// Only page navigations (a browser asking for a document) are taken here: JSON, the chat's
// streamed replies and everything else keep Next's own compression.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { constants, createBrotliCompress, type BrotliCompress } from "node:zlib";
import { acceptsBrotli } from "./precompressed-static.ts";

const QUALITY = 5;
// Sec-Fetch-Dest of a page load: a window's, or a frame's (a share embedded in another site).
const DOCUMENT_DESTINATIONS = new Set(["document", "iframe", "frame"]);

/** A browser's request for a page (the whole window's or an embedding frame's): a GET of a document, not an API call, a static file or React's own data request. */
export function isPageNavigation(req: IncomingMessage): boolean {
  if (req.method !== "GET") return false;
  const url = req.url ?? "";
  if (url.startsWith("/api/") || url.startsWith("/_next/")) return false;
  if (req.headers.rsc !== undefined) return false;
  const dest = req.headers["sec-fetch-dest"];
  return dest !== undefined ? DOCUMENT_DESTINATIONS.has(String(dest)) : (req.headers.accept ?? "").includes("text/html");
}

/**
 * When `req` is a page navigation from a browser that takes brotli: makes Next leave the response
 * uncompressed (it negotiates from the same header) and compresses it here if it is HTML. Anything
 * else the request turns out to answer (a redirect, a file) goes out as Next wrote it.
 */
export function brotliForPages(req: IncomingMessage, res: ServerResponse): void {
  if (!isPageNavigation(req) || !acceptsBrotli(req.headers["accept-encoding"])) return;
  req.headers["accept-encoding"] = "identity";

  const send = { write: res.write.bind(res), end: res.end.bind(res), writeHead: res.writeHead.bind(res), flushHeaders: res.flushHeaders.bind(res) };
  // undefined: not decided yet (decided when the headers go out); null: this response is sent as is.
  let stream: BrotliCompress | null | undefined;
  const decide = (): BrotliCompress | null => {
    if (stream !== undefined) return stream;
    const type = String(res.getHeader("content-type") ?? "");
    // 204 and 304 have no body, so nothing to encode (an empty brotli stream is still bytes).
    const bodiless = res.statusCode === 204 || res.statusCode === 304;
    if (!type.startsWith("text/html") || bodiless || res.getHeader("content-encoding") !== undefined || res.headersSent) return (stream = null);
    res.setHeader("Content-Encoding", "br");
    res.removeHeader("Content-Length");
    const vary = res.getHeader("vary");
    if (!/accept-encoding/i.test(String(vary ?? ""))) res.setHeader("Vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
    stream = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
    stream.on("data", (chunk: Buffer) => send.write(chunk));
    stream.on("end", () => send.end());
    stream.on("error", () => res.destroy());
    res.on("close", () => stream?.destroy());
    return stream;
  };

  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    // Headers given here (rather than set before) must be seen before deciding.
    const headers = (typeof rest[0] === "string" ? rest[1] : rest[0]) as OutgoingHttpHeaders | unknown[] | undefined;
    if (Array.isArray(headers)) {
      stream ??= null;
      return send.writeHead(statusCode, ...(rest as []));
    }
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
    if (typeof rest[0] === "string") res.statusMessage = rest[0];
    res.statusCode = statusCode;
    decide();
    return send.writeHead(statusCode);
  }) as ServerResponse["writeHead"];

  res.flushHeaders = () => {
    decide();
    send.flushHeaders();
  };

  res.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void) => {
    const compressor = decide();
    if (!compressor) return send.write(chunk, encoding as BufferEncoding, callback);
    compressor.write(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : chunk);
    // Out now: React streams the shell first so the browser can draw it before the rest arrives.
    compressor.flush();
    (typeof encoding === "function" ? encoding : callback)?.();
    // The compressor buffers what the socket cannot take yet; a page is small.
    return true;
  }) as ServerResponse["write"];

  res.end = ((chunk?: string | Uint8Array | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) => {
    const compressor = decide();
    if (!compressor) return send.end(chunk as string, encoding as BufferEncoding, callback);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (done) res.once("finish", done);
    if (chunk !== undefined && typeof chunk !== "function") compressor.write(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : chunk);
    compressor.end();
    return res;
  }) as ServerResponse["end"];
}
