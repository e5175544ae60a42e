import { describe, expect, it } from "vitest";
import { parseInWorker, type ParsedPage } from "@/lib/server/ingest/parse-in-worker";
import { makeLargeXlsx, makePptx } from "@/scripts/office-files";

const MB = 1024 * 1024;

describe("spreadsheets and slides in the parse process", () => {
  it("streams a 100,000-row sheet out of a process that stays small, with nothing left to send at the end", async () => {
    const xlsx = makeLargeXlsx(100_000);
    const samples: number[] = [];
    const pages: ParsedPage[] = [];
    // Well below the default allowance: streamed, the sheet never needs it.
    const result = await parseInWorker(xlsx, "xlsx", { maxMemoryMb: 192, onMemorySample: (b) => samples.push(b), onPage: (p) => pages.push(p) });
    expect(result).toEqual({ pages: [], pageCount: 1, unreadablePages: [] });
    expect(pages.length).toBeGreaterThan(1_000);
    expect(pages.every((p) => p.page === 1)).toBe(true);
    expect(pages.at(-1)!.text).toContain("ORD-100000");
    expect(samples.length).toBeGreaterThan(0);
    expect(Math.max(...samples)).toBeLessThan(192 * MB);
  }, 120_000);

  it("gives a deck's slides as they are read", async () => {
    const pages: ParsedPage[] = [];
    const result = await parseInWorker(makePptx([{ title: "封面" }, { body: ["內容"], notes: ["講者備註"] }]), "pptx", { onPage: (p) => pages.push(p) });
    expect(result.pages).toEqual([]);
    expect(pages).toEqual([
      { page: 1, text: "封面" },
      { page: 2, text: "內容\n\n備註：\n講者備註" },
    ]);
  });
});
