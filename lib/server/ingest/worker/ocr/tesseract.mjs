// The OCR engine: tesseract.js (Tesseract compiled to WebAssembly) with the trained data that the
// @tesseract.js-data packages ship, so reading a scan needs nothing but `npm install` and never the
// network. docs/ocr.md says why this engine and these languages. One engine per parse process,
// started on the first page that needs it; its thread lives inside the process whose memory the
// parent watches.
import { mkdirSync, readlinkSync, symlinkSync, unlinkSync } from "node:fs";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createWorker, OEM, PSM } from "tesseract.js";

const require = createRequire(import.meta.url);

// One model reads a page, not several together: given "eng+chi_tra" Tesseract reads Chinese lines
// with the English model first and keeps confident Latin garbage (a third of a degraded Chinese
// page), and given "chi_tra+…" it fails to load the second language (tesseract.js 7). Each model
// also reads Latin letters and digits: the Traditional one reads English pages with about 1 % of
// characters wrong (docs/ocr.md). So the first page of a document is read by each in turn and the
// most confident is kept for the pages after it, until one reads with little confidence.
export const OCR_LANGUAGES = Object.freeze(["chi_tra", "chi_sim", "eng"]);
// Below this mean confidence (0–100) the other models are tried again on the page.
const RECHECK_CONFIDENCE = 75;
// The LSTM-only models (the packages' "best_int" folder): the same recogniser as the larger
// folder without the legacy engine's data, a twentieth of its size to load.
const MODEL_FOLDER = "4.0.0_best_int";

/**
 * tesseract.js reads every language from one folder, while each package holds its own: a folder
 * of links to the packages' files, made once per install. Only links: nothing is downloaded. The
 * folder is named after the install's own path, and a link pointing anywhere else (an install
 * since moved or removed, whose links now lead nowhere) is made again: a model that cannot be read
 * left the engine waiting for ever.
 */
export function languageFolder() {
  const version = require("tesseract.js/package.json").version;
  const targets = OCR_LANGUAGES.map((language) => path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODEL_FOLDER, `${language}.traineddata.gz`));
  const install = createHash("sha256").update(targets.join("\n")).digest("hex").slice(0, 12);
  const folder = path.join(os.tmpdir(), `docchat-tessdata-${version}-${MODEL_FOLDER}-${install}`);
  mkdirSync(folder, { recursive: true });
  for (const target of targets) {
    const link = path.join(folder, path.basename(target));
    if (linkTarget(link) === target) continue;
    try {
      if (linkTarget(link) !== null) unlinkSync(link);
      symlinkSync(target, link);
    } catch (error) {
      // Another parse process made it meanwhile.
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST" && /** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
    }
  }
  return folder;
}

/** Where a link points, or null when there is none. @param {string} link */
function linkTarget(link) {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}

/** @type {Promise<import("tesseract.js").Worker> | null} */
let engine = null;
/** The model the engine holds now, and the one that read this document's pages best so far. */
let loaded = OCR_LANGUAGES[0];
/** @type {string | null} */
let preferred = null;

/** A new document: which model suits it is found again on its first page. */
export function newDocument() {
  preferred = null;
}

function start() {
  engine ??= (async () => {
    // The other models are loaded the first time a page is read with them.
    const worker = await createWorker(OCR_LANGUAGES[0], OEM.LSTM_ONLY, {
      langPath: languageFolder(),
      gzip: true,
      // Nothing is written back anywhere (tesseract.js would cache the data in the working folder).
      cacheMethod: "none",
      logger: () => undefined,
      errorHandler: () => undefined,
    });
    loaded = OCR_LANGUAGES[0];
    await configure(worker);
    return worker;
  })();
  engine.catch(() => (engine = null));
  return engine;
}

/** @param {import("tesseract.js").Worker} worker */
async function configure(worker) {
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: "1" });
}

/** Ends the engine's thread (a page that ran out of time); the next page starts a new one. */
export async function stopEngine() {
  const current = engine;
  engine = null;
  loaded = OCR_LANGUAGES[0];
  if (current) await current.then((worker) => worker.terminate()).catch(() => undefined);
}

export class OcrTimeout extends Error {}

/**
 * @typedef {{ text: string, bbox: import("./lost-lines.mjs").Box, baseline?: import("./lost-lines.mjs").Box }} OcrLine
 * @typedef {{ text: string, confidence: number, paragraphs: OcrLine[][] }} OcrPage
 *   text as Tesseract lays it out: blocks and paragraphs separated by blank lines, lines by line
 *   breaks; paragraphs: the same lines with where each is on the picture
 */

/**
 * Reads one prepared image (PGM, PNG or JPEG bytes).
 * @param {Uint8Array} image
 * @param {number} timeMs the most this page may take; past it the engine is ended and OcrTimeout thrown
 * @returns {Promise<OcrPage>}
 */
export async function recognize(image, timeMs) {
  const worker = await start();
  const deadline = Date.now() + timeMs;
  const read = async (/** @type {string} */ language) => {
    await load(worker, language);
    return { language, ...(await readWithin(worker, image, deadline - Date.now())) };
  };
  let best;
  try {
    best = await read(preferred ?? loaded);
  } catch (error) {
    if (error instanceof OcrTimeout) await stopEngine();
    throw error;
  }
  if (preferred === null || best.confidence < RECHECK_CONFIDENCE) {
    // The other models, in the page's time that is left: one that runs out of it only ends the
    // comparison, never the page, which keeps what the first model read.
    for (const language of OCR_LANGUAGES) {
      if (language === best.language) continue;
      try {
        const other = await read(language);
        if (other.confidence > best.confidence) best = other;
      } catch (error) {
        if (!(error instanceof OcrTimeout)) throw error;
        await stopEngine();
        break;
      }
    }
  }
  preferred = best.language;
  return { text: best.text, confidence: best.confidence, paragraphs: best.paragraphs };
}

/** Puts `language`'s model in the engine, unless it holds it already. @param {import("tesseract.js").Worker} worker @param {string} language */
async function load(worker, language) {
  if (loaded === language) return;
  await worker.reinitialize(language, OEM.LSTM_ONLY);
  loaded = language;
  await configure(worker);
}

/**
 * Reads a picture of one line (lost-lines.mjs) with the model that read its page best: on a
 * document's first page the engine may hold another, left from comparing them.
 * @param {Uint8Array} image
 * @param {number} timeMs
 * @returns {Promise<{ text: string, confidence: number }>}
 */
export async function recognizeLine(image, timeMs) {
  const worker = await start();
  await load(worker, preferred ?? loaded);
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
  try {
    const { text, confidence } = await readWithin(worker, image, timeMs);
    return { text: text.trim(), confidence };
  } catch (error) {
    if (error instanceof OcrTimeout) await stopEngine();
    throw error;
  } finally {
    if (engine !== null) await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  }
}

/**
 * @param {import("tesseract.js").Worker} worker
 * @param {Uint8Array} image
 * @param {number} timeMs
 * @returns {Promise<OcrPage>}
 */
async function readWithin(worker, image, timeMs) {
  if (timeMs <= 0) throw new OcrTimeout("no time was left for the page");
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeUp = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeout(`reading the page took longer than ${timeMs} ms`)), timeMs);
  });
  try {
    const { data } = /** @type {{ data: import("tesseract.js").Page }} */ (
      await Promise.race([worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: true, blocks: true }), timeUp])
    );
    const paragraphs = (data.blocks ?? []).flatMap((block) =>
      block.paragraphs.map((paragraph) => paragraph.lines.map((line) => ({ text: line.text.replace(/\n$/, ""), bbox: line.bbox, baseline: line.baseline }))),
    );
    return { text: data.text ?? "", confidence: data.confidence ?? 0, paragraphs };
  } finally {
    clearTimeout(timer);
  }
}
