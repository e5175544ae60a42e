import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { PARSE_ERROR_CODES, ParseError, parseInWorker, type DocumentKind } from "@/lib/server/ingest/parse-in-worker";
import { FIXTURE_DIR, makePdfFlateBomb } from "@/scripts/make-fixtures";

const MB = 1024 * 1024;
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURE_DIR, name)));
const HOSTILE = path.join(import.meta.dirname, "hostile-worker.mjs");
const hostile = (mode: string) => mode as DocumentKind;
const scratch = mkdtempSync(path.join(tmpdir(), "parse-worker-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Counts event-loop ticks of the main thread while `work` runs. */
async function ticksDuring(work: Promise<unknown>): Promise<number> {
  let ticks = 0;
  const interval = setInterval(() => ticks++, 10);
  try {
    await work.catch(() => undefined);
  } finally {
    clearInterval(interval);
  }
  return ticks;
}

describe("parseInWorker", () => {
  it("parses a document in a worker thread", async () => {
    const parsed = await parseInWorker(fixture("zh-3-pages.pdf"), "pdf");
    expect(parsed.pageCount).toBe(3);
    expect(parsed.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(parsed.pages[0].text).toContain("臺灣的國際貿易");
    expect((await parseInWorker(fixture("en.docx"), "docx")).pages[0].page).toBeNull();
  });

  it("leaves the caller's bytes usable", async () => {
    const bytes = fixture("notes.md");
    const length = bytes.byteLength;
    await parseInWorker(bytes, "md");
    expect(bytes.byteLength).toBe(length);
    expect((await parseInWorker(bytes, "md")).pages[0].text).toContain("會議紀錄");
  });

  it("turns the parser's refusals into ParseError codes", async () => {
    await expect(parseInWorker(fixture("encrypted.pdf"), "pdf")).rejects.toMatchObject({ name: "ParseError", code: "encrypted" });
    await expect(parseInWorker(fixture("no-text.pdf"), "pdf")).rejects.toMatchObject({ code: "no_text" });
    await expect(parseInWorker(fixture("garbage.pdf"), "pdf")).rejects.toMatchObject({ code: "malformed" });
    await expect(parseInWorker(fixture("image.png"), "pdf")).rejects.toMatchObject({ code: "unsupported_type" });
    const error = await parseInWorker(fixture("no-text.pdf"), "pdf").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
  });

  it("lists every code it can throw", () => {
    expect(PARSE_ERROR_CODES).toEqual([
      "unsupported_type",
      "encrypted",
      "malformed",
      "no_text",
      "too_many_entries",
      "inflated_too_large",
      "timeout",
      "out_of_memory",
      "worker_crashed",
    ]);
  });

  it("times out a real parse that runs too long", async () => {
    await expect(parseInWorker(fixture("zh-3-pages.pdf"), "pdf", { timeoutMs: 1 })).rejects.toMatchObject({ code: "timeout" });
    expect((await parseInWorker(fixture("en-2-pages.pdf"), "pdf")).pageCount).toBe(2);
  });

  it("terminates a worker stuck in a loop, and the main thread keeps answering meanwhile", async () => {
    const heartbeat = path.join(scratch, "heartbeat");
    const parse = parseInWorker(new TextEncoder().encode(heartbeat), hostile("spin"), { timeoutMs: 800, workerPath: HOSTILE });
    const [ticks] = await Promise.all([ticksDuring(parse), expect(parse).rejects.toMatchObject({ code: "timeout" })]);
    expect(ticks).toBeGreaterThan(20);
    await sleep(100);
    const stopped = readFileSync(heartbeat, "utf8");
    expect(Number(stopped)).toBeGreaterThan(5);
    await sleep(200);
    expect(readFileSync(heartbeat, "utf8")).toBe(stopped);
  });

  it("ends a worker that exhausts its heap as out_of_memory, and the main thread keeps answering", async () => {
    const parse = parseInWorker(new Uint8Array(1), hostile("allocate"), { timeoutMs: 30_000, maxMemoryMb: 32, workerPath: HOSTILE });
    const [ticks] = await Promise.all([ticksDuring(parse), expect(parse).rejects.toMatchObject({ code: "out_of_memory" })]);
    expect(ticks).toBeGreaterThan(0);
  });

  it("ends a worker whose buffers outgrow the budget outside the heap (a PDF Flate bomb)", async () => {
    const bomb = makePdfFlateBomb(400 * MB);
    expect(bomb.length).toBeLessThan(1 * MB);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    try {
      await expect(parseInWorker(bomb, "pdf", { maxMemoryMb: 64 })).rejects.toMatchObject({ code: "out_of_memory" });
    } finally {
      clearInterval(sampler);
    }
    // Unwatched, pdf.js decodes the whole stream into one growing buffer: over 1 GB here.
    expect(peak - before).toBeLessThan(300 * MB);
  });

  it("reports a worker that dies or answers oddly as worker_crashed", async () => {
    for (const mode of ["exit", "throw", "unknown-code"]) {
      await expect(parseInWorker(new Uint8Array(1), hostile(mode), { workerPath: HOSTILE })).rejects.toMatchObject({ code: "worker_crashed" });
    }
    await expect(parseInWorker(new Uint8Array(1), "pdf", { workerPath: path.join(scratch, "missing.mjs") })).rejects.toMatchObject({
      code: "worker_crashed",
    });
  });

  it("refuses limits that would take the whole process down", async () => {
    await expect(parseInWorker(fixture("notes.md"), "md", { maxMemoryMb: 2 })).rejects.toBeInstanceOf(RangeError);
    await expect(parseInWorker(fixture("notes.md"), "md", { maxMemoryMb: Number.NaN })).rejects.toBeInstanceOf(RangeError);
    await expect(parseInWorker(fixture("notes.md"), "md", { timeoutMs: 0 })).rejects.toBeInstanceOf(RangeError);
  });

  it("queues parses beyond the concurrency bound and finishes them all", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => parseInWorker(fixture("en.docx"), "docx")));
    expect(results.every((r) => r.pages[0].text.startsWith("Employee Handbook"))).toBe(true);
  });
});

describe("parseInWorker: keeping workers for the same owner", () => {
  it("keeps a worker after a success for that owner only, and never after a failure", async () => {
    const { parseInWorker: parse, warmWorkerKeys } = await import("@/lib/server/ingest/parse-in-worker");
    const text = new TextEncoder().encode("hello there");
    await parse(text, "txt", { reuseKey: "owner-a" });
    expect(warmWorkerKeys()).toContain("owner-a");
    // The kept worker parses owner-a's next file, and is kept again afterwards.
    const again = await parse(new TextEncoder().encode("second file"), "txt", { reuseKey: "owner-a" });
    expect(again.pages[0].text).toBe("second file");
    expect(warmWorkerKeys()).toContain("owner-a");
    // A file that fails ends that worker.
    await expect(parse(new TextEncoder().encode("%PDF-1.7 not really"), "pdf", { reuseKey: "owner-a" })).rejects.toMatchObject({ code: "malformed" });
    expect(warmWorkerKeys()).not.toContain("owner-a");
    // Without a key nothing is kept.
    await parse(text, "txt");
    expect(warmWorkerKeys()).toEqual([]);
  });
});
