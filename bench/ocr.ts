// npm run bench:ocr [-- --pages zh|en|zh-Hans|all --skip-baseline]
// How well and how fast scans and photos are read (docs/ocr.md). Known text from the eval sets
// (four Traditional Chinese pages, three English; body text 10 to 14 pt, regular and bold, a ruled
// table on the first of each; and a Simplified Chinese page) is set as page images at 200 dpi, and a degraded copy of each is made
// as a cheap scanner or a phone gives it: 150 dpi, turned 1.5°, speckled, JPEG quality 60. Every
// copy is uploaded-as-an-image through the product's own path (parseInWorker: the bounded parse
// process, as many at once as the ingestion budget allows) and its character error rate printed
// (edit distance over the known text's characters, whitespace left out, NFKC). The baseline, in
// the same run: the same engine given the unprepared image in this process with its languages
// together ("chi_tra+eng" style, as tesseract.js's examples do). Speed: the clean pages as two
// scanned PDFs (Chinese, English; each page three times) parsed at once, as two people's scans
// would be: pages a second, each document's model chosen on its first page. Also the parse
// processes' peak resident memory. Prints one JSON object; asserts nothing.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { allowServerOnlyImports, parseArgs, ratio, round } from "./lib/eval-set";
import { ocrPages, type OcrPage } from "./lib/ocr-pages";

const TARGETS = { zh: { clean: 0.03, degraded: 0.08 }, en: { clean: 0.02, degraded: 0.05 }, cleanPagesPerSecond: 1 };
const DPI = 200;
const SCAN_REPEATS = 3;

const args = parseArgs(process.argv.slice(2));
const only = args.get("pages") || "all";
const skipBaseline = args.has("skip-baseline");

/** Characters compared: NFKC (fullwidth punctuation and its ASCII twin are one), no whitespace. */
function characters(text: string): string[] {
  return [...text.normalize("NFKC").replace(/\s+/g, "")];
}

/** Levenshtein distance over characters, divided by the reference's length. */
function characterErrorRate(hypothesis: string, reference: string): number {
  const a = characters(hypothesis);
  const b = characters(reference);
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length] / Math.max(1, b.length);
}

type Copy = { page: OcrPage; variant: "clean" | "degraded"; image: Buffer; kind: "png" | "jpg"; truth: string };

async function main() {
  allowServerOnlyImports();
  const { renderPage, degrade, pageTextOf } = await import("@/tests/support/page-image");
  const { parseInWorker, parseCapacity } = await import("@/lib/server/ingest/parse-in-worker");
  const evalRoot = path.join(process.cwd(), "tests/fixtures/eval");
  const pages = ocrPages(evalRoot).filter((p) => only === "all" || p.language === only);
  const copies: Copy[] = [];
  for (const page of pages) {
    const png = await renderPage(page.blocks, { dpi: DPI, pointSize: page.pointSize, weight: page.weight });
    const truth = pageTextOf(page.blocks);
    copies.push({ page, variant: "clean", image: png, kind: "png", truth });
    copies.push({ page, variant: "degraded", image: await degrade(png, { fromDpi: DPI, dpi: 150, skewDegrees: 1.5, noise: 40, quality: 60 }), kind: "jpg", truth });
  }

  // The product: each copy parsed as an uploaded image, `slots` at once, the parse processes kept
  // for the next copy as they are for one owner's files.
  const { slots, allowanceMb } = parseCapacity();
  let peakRss = 0;
  const product = new Map<Copy, { text: string; ms: number }>();
  const runAll = async (list: Copy[]) => {
    const queue = [...list];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: slots }, async () => {
        for (let copy = queue.shift(); copy; copy = queue.shift()) {
          const t = Date.now();
          const parsed = await parseInWorker(new Uint8Array(copy.image), copy.kind, {
            reuseKey: "bench",
            onMemorySample: (rss) => (peakRss = Math.max(peakRss, rss)),
          }).catch((error: Error) => ({ pages: [{ page: 1, text: "" }], error }));
          product.set(copy, { text: parsed.pages.map((p) => p.text).join("\n\n"), ms: Date.now() - t });
        }
      }),
    );
    return (Date.now() - started) / 1000;
  };
  await runAll(copies);
  // Speed: two scanned PDFs at once, in processes that have read a page before (the engine's
  // start, loading its models, about a second, is not reading).
  const { scannedPdf } = await import("@/tests/support/scanned-pdf");
  // Each clean page three times: a scan's first page is read by every model, the rest by one.
  const scanPictures = (["zh", "en"] as const).map((language) =>
    Array.from({ length: SCAN_REPEATS }, () => copies.filter((c) => c.variant === "clean" && c.page.language === language).map((c) => ({ image: c.image, format: "png" as const }))).flat(),
  );
  const scans = await Promise.all(scanPictures.map((pictures) => scannedPdf(pictures)));
  const scanPages = scanPictures.reduce((sum, pictures) => sum + pictures.length, 0);
  const speedStarted = Date.now();
  await Promise.all(scans.map((pdf) => parseInWorker(pdf, "pdf", { reuseKey: "bench", onMemorySample: (rss) => (peakRss = Math.max(peakRss, rss)) })));
  const scanSeconds = (Date.now() - speedStarted) / 1000;

  // The baseline: the bare engine on the unprepared image, one at a time in this process.
  const baseline = new Map<Copy, { text: string; ms: number }>();
  if (!skipBaseline) {
    const { createWorker, OEM } = await import("tesseract.js");
    const { languageFolder } = await import("@/lib/server/ingest/worker/ocr/tesseract.mjs");
    const worker = await createWorker(["eng", "chi_tra", "chi_sim"], OEM.LSTM_ONLY, { langPath: languageFolder(), gzip: true, cacheMethod: "none" });
    for (const copy of copies) {
      const t = Date.now();
      const { data } = await worker.recognize(copy.image);
      baseline.set(copy, { text: data.text, ms: Date.now() - t });
    }
    await worker.terminate();
  }

  const rows = copies.map((copy) => {
    const ours = product.get(copy)!;
    const base = baseline.get(copy);
    return {
      page: copy.page.id,
      variant: copy.variant,
      cer: round(characterErrorRate(ours.text, copy.truth)),
      ms: ours.ms,
      baselineCer: base ? round(characterErrorRate(base.text, copy.truth)) : null,
      baselineMs: base?.ms ?? null,
    };
  });
  const mean = (values: number[]) => (values.length ? round(values.reduce((a, b) => a + b, 0) / values.length) : null);
  const summary = (language: "zh" | "en" | "zh-Hans", variant: "clean" | "degraded") => {
    const picked = rows.filter((r) => copies.find((c) => c.page.id === r.page)!.page.language === language && r.variant === variant);
    const cer = mean(picked.map((r) => r.cer));
    const baselineCer = skipBaseline ? null : mean(picked.map((r) => r.baselineCer!));
    const target = language === "zh-Hans" ? null : TARGETS[language][variant];
    return { pages: picked.length, cer, worstCer: picked.length ? Math.max(...picked.map((r) => r.cer)) : null, target, meetsTarget: target === null ? null : cer !== null && cer <= target, baselineCer, cerRatio: cer !== null && baselineCer ? ratio(cer, baselineCer) : null };
  };
  const cleanCount = copies.filter((c) => c.variant === "clean").length;
  const baselineCleanMs = rows.filter((r) => r.variant === "clean" && r.baselineMs !== null).reduce((sum, r) => sum + r.baselineMs!, 0);
  console.log(
    JSON.stringify(
      {
        benchmark: "ocr",
        machine: { cores: os.cpus().length, loadAverage: os.loadavg().map((x) => round(x, 2)) },
        engine: { package: `tesseract.js ${JSON.parse(readFileSync(path.join(process.cwd(), "node_modules/tesseract.js/package.json"), "utf8")).version}`, languages: (await import("@/lib/server/ingest/worker/ocr/tesseract.mjs")).OCR_LANGUAGES },
        parse: { slots, allowanceMb, peakRssMb: Math.round(peakRss / 1024 / 1024) },
        zh: { clean: summary("zh", "clean"), degraded: summary("zh", "degraded") },
        en: { clean: summary("en", "clean"), degraded: summary("en", "degraded") },
        zhHans: { clean: summary("zh-Hans", "clean"), degraded: summary("zh-Hans", "degraded") },
        speed: {
          cleanScanPages: scanPages,
          cleanPagesPerSecond: round(scanPages / scanSeconds, 3),
          target: TARGETS.cleanPagesPerSecond,
          baselineCleanPagesPerSecond: skipBaseline ? null : round(cleanCount / (baselineCleanMs / 1000), 3),
          note: "the baseline reads one page at a time in one thread; the product two documents at once",
        },
        pages: rows,
      },
      null,
      2,
    ),
  );
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
