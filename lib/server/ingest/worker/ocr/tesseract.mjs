// The OCR engine: tesseract.js (Tesseract compiled to WebAssembly) with the trained data that the
// @tesseract.js-data packages ship, so reading a scan needs nothing but `npm install` and never the
// network. docs/ocr.md says why this engine and these languages. One engine per parse process,
// started on the first page that needs it; its thread lives inside the process whose memory the
// parent watches.
import { mkdirSync, symlinkSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createWorker, OEM, PSM } from "tesseract.js";

const require = createRequire(import.meta.url);

// English first: Tesseract reads each word with the first language and tries the others where
// it is unsure. With Chinese first it fails to load the second language at all (tesseract.js 7).
export const OCR_LANGUAGES = Object.freeze(["eng", "chi_tra", "chi_sim"]);
// The LSTM-only models (the packages' "best_int" folder): the same recogniser as the larger
// folder without the legacy engine's data, a twentieth of its size to load.
const MODEL_FOLDER = "4.0.0_best_int";

/**
 * tesseract.js reads every language from one folder, while each package holds its own: a folder
 * of links to the packages' files, made once per machine. Only links: nothing is downloaded.
 */
function languageFolder() {
  const version = require("tesseract.js/package.json").version;
  const folder = path.join(os.tmpdir(), `docchat-tessdata-${version}-${MODEL_FOLDER}`);
  mkdirSync(folder, { recursive: true });
  for (const language of OCR_LANGUAGES) {
    const file = `${language}.traineddata.gz`;
    const target = path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODEL_FOLDER, file);
    const link = path.join(folder, file);
    if (existsSync(link)) continue;
    try {
      symlinkSync(target, link);
    } catch (error) {
      // Another parse process made it meanwhile.
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
  }
  return folder;
}

/** @type {Promise<import("tesseract.js").Worker> | null} */
let engine = null;

function start() {
  engine ??= (async () => {
    const worker = await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
      langPath: languageFolder(),
      gzip: true,
      // Nothing is written back anywhere (tesseract.js would cache the data in the working folder).
      cacheMethod: "none",
      logger: () => undefined,
      errorHandler: () => undefined,
    });
    await worker.setParameters({
      tessedit_pageseg_mode: PSM.AUTO,
      preserve_interword_spaces: "1",
    });
    return worker;
  })();
  engine.catch(() => (engine = null));
  return engine;
}

/** Ends the engine's thread (a page that ran out of time); the next page starts a new one. */
export async function stopEngine() {
  const current = engine;
  engine = null;
  if (current) await current.then((worker) => worker.terminate()).catch(() => undefined);
}

export class OcrTimeout extends Error {}

/**
 * Reads one prepared image (PGM, PNG or JPEG bytes). The text comes as Tesseract lays it out:
 * blocks and paragraphs separated by blank lines, lines by line breaks.
 * @param {Uint8Array} image
 * @param {number} timeMs the most this page may take; past it the engine is ended and OcrTimeout thrown
 * @returns {Promise<{ text: string, confidence: number }>}
 */
export async function recognize(image, timeMs) {
  const worker = await start();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeUp = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeout(`reading the page took longer than ${timeMs} ms`)), timeMs);
  });
  try {
    const { data } = /** @type {{ data: { text: string, confidence: number } }} */ (
      await Promise.race([worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength)), timeUp])
    );
    return { text: data.text ?? "", confidence: data.confidence ?? 0 };
  } catch (error) {
    if (error instanceof OcrTimeout) await stopEngine();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
