import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { firstLoadJs } from "./support/page-weight";
import { E2E_PORT } from "./support/ports";

// Issue 15 point 1: a budget on each page's first-load JavaScript (gzip bytes, read from the
// production build, not timed). The budgets hold today's weight plus a little, so any growth
// fails here; the issue's targets (the shared page 130 KB, "/" and /auth 170 KB) are measured as
// a browser receives them, brotli, by npm run bench:pages.
const KB = 1024;
const BUDGETS: { page: string; budgetKb: number; targetKb?: number }[] = [
  { page: "shared/[shareId]", budgetKb: 152, targetKb: 130 },
  { page: "(public)/auth", budgetKb: 173, targetKb: 170 },
  { page: "(main)", budgetKb: 186, targetKb: 170 },
  { page: "(public)/guide", budgetKb: 168 },
  { page: "(main)/account", budgetKb: 220 },
  { page: "admin", budgetKb: 295 },
];

test("no page's first-load JavaScript grows past its budget", () => {
  const over: string[] = [];
  for (const { page, budgetKb, targetKb } of BUDGETS) {
    const weight = firstLoadJs(page);
    const kb = Math.round(weight.gzipBytes / KB);
    console.log(`${page}: ${kb} KB gzip (${Math.round(weight.rawBytes / KB)} KB raw, ${weight.files} files), budget ${budgetKb} KB${targetKb ? `, target ${targetKb} KB` : ""}`);
    if (weight.gzipBytes > budgetKb * KB) over.push(`${page}: ${kb} KB > ${budgetKb} KB`);
  }
  expect(over).toEqual([]);
});

/** One request with exactly these headers, the body as sent (fetch would decode it). */
function rawGet(urlPath: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: E2E_PORT, path: urlPath, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
}

test("the server sends the build's scripts as brotli to browsers that accept it, and gzip to the others", async () => {
  const html = (await rawGet("/auth", "identity")).body.toString();
  const scripts = [...new Set([...html.matchAll(/\/_next\/static\/chunks\/[\w.-]+\.js/g)].map((m) => m[0]))];
  expect(scripts.length).toBeGreaterThan(3);
  let brotli = 0;
  let gzip = 0;
  for (const script of scripts) {
    const original = readFileSync(path.join(import.meta.dirname, "../../.next/static/chunks", path.basename(script)));
    const br = await rawGet(script, "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"], script).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.body).equals(original), script).toBe(true);
    const gz = await rawGet(script, "gzip, deflate");
    // Next compresses from 1 KB up (its compression middleware's threshold): smaller files go as they are.
    expect(gz.headers["content-encoding"], script).toBe(original.length >= KB ? "gzip" : undefined);
    expect((original.length >= KB ? gunzipSync(gz.body) : gz.body).equals(original), script).toBe(true);
    brotli += br.body.length;
    gzip += gz.body.length;
  }
  console.log(`/auth's ${scripts.length} scripts: ${Math.round(brotli / KB)} KB brotli, ${Math.round(gzip / KB)} KB gzip`);
  expect(brotli).toBeLessThan(gzip);
});
