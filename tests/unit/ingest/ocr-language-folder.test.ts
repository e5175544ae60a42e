import { existsSync, readlinkSync, symlinkSync, unlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languageFolder } from "@/lib/server/ingest/worker/ocr/tesseract.mjs";

// The OCR models are read through a folder of links to the installed packages' files. A link
// left pointing elsewhere (an install since moved or removed) once left the engine waiting for a
// model it could not read: the folder mends it.
describe("the OCR models' folder", () => {
  it("links every model to this install's package, and mends a link that leads elsewhere", () => {
    const folder = languageFolder();
    const link = path.join(folder, "chi_tra.traineddata.gz");
    const target = readlinkSync(link);
    expect(existsSync(target)).toBe(true);
    expect(target).toContain(path.join("@tesseract.js-data", "chi_tra"));

    unlinkSync(link);
    symlinkSync("/nonexistent/removed-install/chi_tra.traineddata.gz", link);
    expect(languageFolder()).toBe(folder);
    expect(readlinkSync(link)).toBe(target);
  });
});
