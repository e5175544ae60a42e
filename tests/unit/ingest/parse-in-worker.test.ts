import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it, vi } from "vitest";
import { PARSE_ERROR_CODES, ParseError, parseCapacity, parseInWorker, parseProcessCount, type DocumentKind } from "@/lib/server/ingest/parse-in-worker";
import { FIXTURE_DIR, makeManyPagesPdf, makePdfFlateBomb } from "@/scripts/make-fixtures";

const MB = 1024 * 1024;
// Every parse here starts a Node process (about 0.2 s, more on a busy machine); a test of several
// must not fail for the default 5 s.
vi.setConfig({ testTimeout: 30_000 });
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURE_DIR, name)));
const HOSTILE = path.join(import.meta.dirname, "hostile-child.mjs");
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

/** Peak growth of this process's resident memory while `work` runs. */
async function peakGrowth(work: Promise<unknown>): Promise<number> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    await work.catch(() => undefined);
  } finally {
    clearInterval(sampler);
  }
  return peak - before;
}

describe("parseInWorker", () => {
  it("parses a document in a child process", async () => {
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
      "too_many_pages",
      "too_much_text",
      "login_required",
      "empty_sheet",
      "unreadable_scan",
      "image_too_large",
      "cancelled",
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
    // It really ran (on a loaded machine the child may start late, so only "some beats")...
    const stopped = readFileSync(heartbeat, "utf8");
    expect(Number(stopped)).toBeGreaterThan(0);
    await sleep(200);
    expect(readFileSync(heartbeat, "utf8")).toBe(stopped);
  });

  it("gives a PDF time in proportion to its pages: a one-page file that never finishes stops after its budget", async () => {
    const heartbeat = path.join(scratch, "heartbeat-page");
    const parse = parseInWorker(new TextEncoder().encode(heartbeat), hostile("open-then-spin"), {
      timeoutMs: 30_000,
      baseTimeMs: 500,
      pageTimeMs: 200,
      workerPath: HOSTILE,
    });
    // 0.5 s plus 0.2 s for its one page, not the 30 s a parse may take at most.
    await expect(parse).rejects.toMatchObject({ code: "timeout", message: expect.stringContaining("budget of 700 ms") });
  });

  it("refuses a PDF of more pages than the limit as soon as it is open", async () => {
    const pdf = makeManyPagesPdf(50_000);
    expect(pdf.length).toBeLessThan(10 * MB);
    // Refused on opening: not one page is read first.
    const pagesRead: (number | null)[] = [];
    await expect(parseInWorker(pdf, "pdf", { onPage: ({ page }) => pagesRead.push(page) })).rejects.toMatchObject({ code: "too_many_pages" });
    expect(pagesRead).toEqual([]);
    // Within the limit the same pages parse.
    const fewer = await parseInWorker(makeManyPagesPdf(20), "pdf");
    expect(fewer.pageCount).toBe(20);
    expect(fewer.pages[19].text).toBe("Clause on this page.");
  });

  it("kills a parse process that exhausts its heap as out_of_memory, and this process keeps answering", async () => {
    const parse = parseInWorker(new Uint8Array(1), hostile("allocate"), { timeoutMs: 30_000, maxMemoryMb: 96, workerPath: HOSTILE });
    const [ticks] = await Promise.all([ticksDuring(parse), expect(parse).rejects.toMatchObject({ code: "out_of_memory" })]);
    expect(ticks).toBeGreaterThan(0);
  });

  it("kills a parse process whose memory outside the heap passes its allowance, by its resident size", async () => {
    const samples: number[] = [];
    const parse = parseInWorker(new Uint8Array(1), hostile("buffers"), { timeoutMs: 30_000, maxMemoryMb: 128, workerPath: HOSTILE, onMemorySample: (b) => samples.push(b) });
    const [growth] = await Promise.all([peakGrowth(parse), expect(parse).rejects.toMatchObject({ code: "out_of_memory" })]);
    // Killed just past 128 MB, never near the 1.5 GB it would take; none of it was in this process.
    expect(Math.max(...samples)).toBeLessThan(200 * MB);
    expect(growth).toBeLessThan(64 * MB);
  });

  it("ends a PDF Flate bomb at the allowance, with none of it in this process", async () => {
    const bomb = makePdfFlateBomb(1_500 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    const samples: number[] = [];
    const parse = parseInWorker(bomb, "pdf", { maxMemoryMb: 192, onMemorySample: (b) => samples.push(b) });
    const [growth] = await Promise.all([peakGrowth(parse), expect(parse).rejects.toMatchObject({ code: "out_of_memory" })]);
    // Unwatched, pdf.js decodes the whole stream into one growing buffer: 1.5 GB here.
    expect(Math.max(...samples)).toBeLessThan(260 * MB);
    expect(growth).toBeLessThan(64 * MB);
  });

  it("parses plain text here, without a process, and checks its content", async () => {
    const before = parseProcessCount();
    expect((await parseInWorker(fixture("utf16le.txt"), "txt")).pages[0].text).toContain("公告");
    await expect(parseInWorker(fixture("zh-3-pages.pdf"), "txt")).rejects.toMatchObject({ code: "unsupported_type" });
    await expect(parseInWorker(new TextEncoder().encode("  \n "), "txt")).rejects.toMatchObject({ code: "no_text" });
    expect(parseProcessCount()).toBeLessThanOrEqual(Math.max(before, parseCapacity().slots));
  });

  it("reports a parse process that dies or answers oddly as worker_crashed", async () => {
    for (const mode of ["exit", "throw", "unknown-code"]) {
      await expect(parseInWorker(new Uint8Array(1), hostile(mode), { workerPath: HOSTILE })).rejects.toMatchObject({ code: "worker_crashed" });
    }
    await expect(parseInWorker(new Uint8Array(1), "pdf", { workerPath: path.join(scratch, "missing.mjs") })).rejects.toMatchObject({
      code: "worker_crashed",
    });
  });

  it("refuses limits that would take the whole process down", async () => {
    await expect(parseInWorker(fixture("notes.md"), "md", { maxMemoryMb: 32 })).rejects.toBeInstanceOf(RangeError);
    await expect(parseInWorker(fixture("notes.md"), "md", { maxMemoryMb: Number.NaN })).rejects.toBeInstanceOf(RangeError);
    await expect(parseInWorker(fixture("notes.md"), "md", { timeoutMs: 0 })).rejects.toBeInstanceOf(RangeError);
  });

  it("queues parses beyond the slots, finishes them all, and never has more processes than slots", async () => {
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, parseProcessCount())), 5);
    try {
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => parseInWorker(fixture("en.docx"), "docx", { reuseKey: `owner-${i}` })));
      expect(results.every((r) => r.pages[0].text.startsWith("Employee Handbook"))).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(parseCapacity().slots);
  });
});

describe("parseInWorker: keeping processes for the same owner", () => {
  it("keeps a process after a success for that owner only, and never after a failure", async () => {
    const { parseInWorker: parse, warmWorkerKeys } = await import("@/lib/server/ingest/parse-in-worker");
    const docx = fixture("en.docx");
    await parse(docx, "docx", { reuseKey: "owner-a" });
    expect(warmWorkerKeys()).toContain("owner-a");
    // The kept process parses owner-a's next file, and is kept again afterwards.
    const again = await parse(fixture("zh.docx"), "docx", { reuseKey: "owner-a" });
    expect(again.pages[0].text).toContain("員工手冊");
    expect(warmWorkerKeys().filter((key) => key === "owner-a")).toHaveLength(1);
    // A file that fails ends that process.
    await expect(parse(new TextEncoder().encode("%PDF-1.7 not really"), "pdf", { reuseKey: "owner-a" })).rejects.toMatchObject({ code: "malformed" });
    expect(warmWorkerKeys()).not.toContain("owner-a");
    // Without a key nothing is kept, and kept processes never outnumber the slots.
    const kept = warmWorkerKeys().length;
    await parse(docx, "docx");
    expect(warmWorkerKeys().length).toBeLessThanOrEqual(kept);
    expect(parseProcessCount()).toBeLessThanOrEqual(parseCapacity().slots);
  });
});
