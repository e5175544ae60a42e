import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ParseError, parseCapacity, parseInWorker, parseProcessCount } from "@/lib/server/ingest/parse-in-worker";
import { detectType } from "@/lib/server/ingest/worker/detect-type.mjs";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { readFileSync } from "node:fs";
import { prepareImage } from "@/lib/server/ingest/worker/ocr/prepare-image.mjs";
import { readPicture } from "@/lib/server/ingest/worker/ocr/read-picture.mjs";
import { newDocument, recognize } from "@/lib/server/ingest/worker/ocr/tesseract.mjs";
import { degrade, renderPage, renderPages, type PageBlock } from "@/tests/support/page-image";
import { scannedPdf } from "@/tests/support/scanned-pdf";

// Each page is read by Tesseract in WebAssembly: about 2 s of processor time, far more on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const RULES: PageBlock[] = [
  { kind: "heading", text: "第五章 加班與補休" },
  { kind: "paragraph", text: "員工於休息日出勤工作者，其工作時間在二小時以內者，加班費按平日每小時工資額另再加給一又三分之一以上。" },
  { kind: "paragraph", text: "補休應於六個月內休畢，逾期未休者，雇主應依原加班費標準發給工資。" },
  { kind: "table", rows: [["項目", "時數", "加給"], ["前二小時", "二", "三分之一"], ["第三小時起", "六", "三分之二"]] },
];
const NOTICE: PageBlock[] = [
  { kind: "heading", text: "Visitor parking" },
  { kind: "paragraph", text: "Visitors park on level B2 of the east building. The barrier opens with the code 4417 from Monday to Friday." },
];

let rulesPng: Buffer;
let noticeJpg: Buffer;
beforeAll(async () => {
  rulesPng = await renderPage(RULES, { dpi: 200 });
  noticeJpg = await degrade(await renderPage(NOTICE, { dpi: 200 }), { fromDpi: 200, dpi: 150, skewDegrees: 1.5, quality: 60 });
});

/** Characters of `text` with whitespace left out, as OCR of Chinese gives none. */
const squeeze = (text: string) => text.normalize("NFKC").replace(/\s+/g, "");

describe("detectType for pictures", () => {
  it("knows JPEG, PNG and WebP by their bytes, whatever the name", async () => {
    const webp = await sharp(rulesPng).webp().toBuffer();
    expect(detectType(rulesPng, "scan.pdf")).toEqual({ kind: "png", mimeType: "image/png" });
    expect(detectType(noticeJpg, "notes.txt")).toEqual({ kind: "jpg", mimeType: "image/jpeg" });
    expect(detectType(webp)).toEqual({ kind: "webp", mimeType: "image/webp" });
    // A signature with no picture after it (as a truncated or disguised file), a GIF and a RIFF
    // that is not WebP (a WAV) stay unsupported.
    expect(detectType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBeNull();
    expect(detectType(rulesPng.subarray(0, 16))?.kind).toBe("png");
    expect(detectType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBeNull();
    expect(detectType(await sharp(rulesPng).gif().toBuffer())).toBeNull();
    expect(detectType(Buffer.concat([Buffer.from("RIFF\0\0\0\0WAVEfmt "), Buffer.alloc(64, 1)]))).toBeNull();
  });
});

describe("OCR of a photo and of a scanned PDF", () => {
  it("reads a photographed English page (150 dpi, skewed, noisy, JPEG 60)", async () => {
    const { pages, pageCount } = await parseDocument(noticeJpg, "jpg");
    expect(pageCount).toBe(1);
    expect(pages[0].page).toBe(1);
    expect(pages[0].text).toMatch(/level B2 of the east building/);
    expect(pages[0].text).toMatch(/code 4417/);
  });

  it("reads image-only pages among text pages, in reading order, each under its own page number, and notes a blank scan", async () => {
    const blank = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: "#ffffff" } }).png().toBuffer();
    const pdf = await scannedPdf([{ text: "Employee handbook, edition 2026" }, { image: rulesPng, format: "png" }, { image: blank, format: "png" }, { image: noticeJpg, format: "jpg" }]);
    const seen: [number, number][] = [];
    const { pages, pageCount, unreadablePages } = await parseDocument(pdf, "pdf", undefined, { ocr: { pageTimeMs: 120_000, onPage: (page, total) => seen.push([page, total]) } });
    expect(pageCount).toBe(4);
    expect(seen).toEqual([[2, 4], [3, 4], [4, 4]]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pages[0].text).toBe("Employee handbook, edition 2026");
    const rules = squeeze(pages[1].text);
    expect(rules).toContain("補休應於六個月內休畢");
    // The heading before the paragraphs, the table after them: the page's reading order.
    expect(rules.indexOf("加班與補休")).toBeLessThan(rules.indexOf("休息日出勤"));
    expect(rules.indexOf("休息日出勤")).toBeLessThan(rules.indexOf("第三小時起"));
    // Paragraphs stay paragraphs; a table row stays one line with its cells apart.
    expect(pages[1].text.split("\n\n").length).toBeGreaterThanOrEqual(3);
    expect(pages[1].text).toMatch(/^第三小時起 ?六 ?三分之二$/m);
    expect(pages[2].text).toBe("");
    expect(unreadablePages).toEqual([3]);
    expect(pages[3].text).toMatch(/code 4417/);
  });

  it("ends a scan with no legible text at all as an unreadable scan, not as a text-less PDF", async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 400 * 400 }, (_, i) => ((i * 7919) % 251 > 125 ? 255 : 0))), { raw: { width: 400, height: 400, channels: 1 } })
      .png()
      .toBuffer();
    const pdf = await scannedPdf([{ image: noise, format: "png" }]);
    await expect(parseDocument(pdf, "pdf", undefined, { ocr: { pageTimeMs: 120_000 } })).rejects.toMatchObject({ code: "unreadable_scan" });
  });
});

describe("lines the engine's page layout leaves out", () => {
  it("reads them on their own and puts them back in place (page 2 of an eval article, 200 dpi)", async () => {
    const article = readFileSync("tests/fixtures/eval/drcd_dev/docs/關島.txt", "utf8");
    const blocks = article.split(/\n+/).map((text) => ({ kind: "paragraph" as const, text: text.trim() })).filter((b) => b.text !== "");
    const [, second] = await renderPages(blocks, { dpi: 200, pointSize: 12 });
    const prepared = await prepareImage(new Uint8Array(second));
    // What the engine gives for the page has no block holding this line at all.
    const engine = await recognize(prepared.pgm, 120_000);
    expect(squeeze(engine.text), "the engine now reads this line: pick a page where it leaves one out").not.toContain("平均高溫為30");
    // Read as a document's first page: every model is tried on it, and the line is read with the
    // one that read the page best, not the last one tried.
    newDocument();
    const text = squeeze(await readPicture(new Uint8Array(second), 120_000));
    expect(text).toContain(squeeze("溫度變化不大，平均高溫為30"));
    // In its place: after the line above it, before the one below.
    expect(text).toMatch(/且各季節溫度變化不大,平均高溫為30.{0,40}整體而言,溫度很少超過32/u);
  });
});

describe("OCR in the parse process", () => {
  it("reports the page being read, and keeps the page numbers", async () => {
    const pdf = await scannedPdf([{ image: rulesPng, format: "png" }, { text: "The second page has a text layer." }]);
    const progress: [number, number][] = [];
    const streamed: { page: number | null; text: string }[] = [];
    const parsed = await parseInWorker(pdf, "pdf", { onOcrPage: (page, pages) => progress.push([page, pages]), onPage: (page) => streamed.push(page), ocrPageTimeMs: 120_000 });
    expect(progress).toEqual([[1, 2]]);
    expect(streamed.map((p) => p.page)).toEqual([1, 2]);
    expect(squeeze(streamed[0].text)).toContain("加班費按平日每小時工資額");
    expect(parsed.unreadablePages).toEqual([]);
  });

  it("is abandoned when its document is deleted: the process ends at once", async () => {
    const pdf = await scannedPdf(Array.from({ length: 6 }, () => ({ image: rulesPng, format: "png" as const })));
    const cancel = new AbortController();
    const streamed: number[] = [];
    const parse = parseInWorker(pdf, "pdf", {
      signal: cancel.signal,
      onOcrPage: (page) => page === 1 && cancel.abort(),
      onPage: (page) => streamed.push(page.page ?? 0),
      ocrPageTimeMs: 120_000,
    });
    await expect(parse).rejects.toBeInstanceOf(ParseError);
    await expect(parse).rejects.toMatchObject({ code: "cancelled" });
    // Not one page more was read: the process ended while it began the first.
    expect(streamed).toEqual([]);
    expect(parseProcessCount()).toBeLessThanOrEqual(parseCapacity().slots);
  });
});
