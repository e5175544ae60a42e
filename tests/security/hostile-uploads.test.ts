import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as documentsRoute from "@/app/api/documents/route";
import * as upload from "@/app/api/documents/upload/route";
import en from "@/messages/en.json";
import zhTW from "@/messages/zh-TW.json";
import { getDb } from "@/lib/server/db/client";
import { jobs } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { ParseError, parseCapacity, parseInWorker } from "@/lib/server/ingest/parse-in-worker";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { makeManyPagesPdf, makeManyParagraphsDocx, makePdfFlateBomb } from "../../scripts/hostile-files";
import { makePptx, makeRawXlsx, makeXlsxBomb, worksheetXml } from "../../scripts/office-files";
import { renderPage } from "../support/page-image";
import { call, multipart, seedUser } from "../support/http";

// docs/rules/security.md#uploads-and-parsing, through the real upload route and job runner: files within the free plan's
// limits that once grew the server by gigabytes (a legal DOCX whose XML inflates to 62 MB, a PDF
// of compressed streams that inflate to 2 GB) or held a parse slot for a minute (50,000 pages)
// end as `error` with a reason the file library translates, are not run again, and cost this
// process almost nothing (parsing happens in child processes bounded by resident memory).
// The e2e 17-bounded-ingestion samples a production server's RSS under the same files.

const MB = 1024 * 1024;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
const reasons = (catalogue: unknown) => (catalogue as { documents: { reasons: Record<string, string> } }).documents.reasons;

async function uploadAs(cookie: string, name: string, bytes: Uint8Array, type: string) {
  expect(bytes.length).toBeLessThan(10 * MB);
  const { rawBody, headers } = await multipart({ file: new File([Buffer.from(bytes)], name, { type }) });
  const res = await call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
});

// The Flate bomb meets the child's memory cap first on an idle machine and its time limit first on
// a loaded one: either way it ends bounded, as a translated error.
const cases = [
  { label: "a legal DOCX whose document.xml inflates to 62 MB of short paragraphs", name: "legal.docx", make: () => makeManyParagraphsDocx(62 * MB), type: DOCX, reasons: ["too_much_text"] },
  { label: "a PDF of compressed streams inflating to 2 GB", name: "streams.pdf", make: () => makePdfFlateBomb(2_048 * MB), type: "application/pdf", reasons: ["out_of_memory", "timeout"] },
  { label: "a PDF of 50,000 pages", name: "pages.pdf", make: () => makeManyPagesPdf(50_000), type: "application/pdf", reasons: ["too_many_pages"] },
  {
    label: "an XLSX whose worksheet inflates to 2 GB while declaring 1 KB",
    name: "sheet-bomb.xlsx",
    make: () => makeXlsxBomb("xl/worksheets/sheet1.xml", { inflatedBytes: 2_048 * MB, declaredBytes: 1024 }),
    type: XLSX,
    reasons: ["inflated_too_large"],
  },
  {
    label: "an XLSX whose shared strings declare 300 MB",
    name: "strings-bomb.xlsx",
    make: () => makeXlsxBomb("xl/sharedStrings.xml", { inflatedBytes: 300 * MB }),
    type: XLSX,
    reasons: ["inflated_too_large"],
  },
  {
    // A shared-strings bomb that passes every archive cap: one 32,767-character string in 8,000 cells.
    label: "an XLSX whose one long shared string fills every cell",
    name: "strings-everywhere.xlsx",
    make: () => makeRawXlsx({ sharedStrings: `<sst><si><t>${"長".repeat(32_767)}</t></si></sst>`, sheet: worksheetXml('<row><c t="s"><v>0</v></c><c t="s"><v>0</v></c></row>'.repeat(4_000)) }),
    type: XLSX,
    reasons: ["too_much_text"],
  },
  {
    label: "a PPTX of 1,100 slides with notes: more parts than the archive cap allows",
    name: "many-slides.pptx",
    make: () => makePptx(Array.from({ length: 1_100 }, (_, i) => ({ title: `第 ${i + 1} 張`, notes: ["備註"] }))),
    type: PPTX,
    reasons: ["too_many_entries"],
  },
];

describe("hostile uploads within the free plan's limits", () => {
  for (const c of cases) {
    it(`${c.label}: ends as a translated error, once, without growing this process`, { timeout: 180_000 }, async () => {
      const { cookie } = await seedUser();
      const bytes = c.make();
      const rssBefore = process.memoryUsage().rss;
      const ids = [await uploadAs(cookie, c.name, bytes, c.type), await uploadAs(cookie, `copy-${c.name}`, bytes, c.type)];
      await drainJobs();
      const growthMb = (process.memoryUsage().rss - rssBefore) / MB;

      const list = await call(documentsRoute.GET, { method: "GET", path: "/api/documents", cookie });
      const docs = (list.body as { id: string; status: string; errorReason: string | null }[]).filter((d) => ids.includes(d.id));
      expect(docs).toHaveLength(2);
      for (const doc of docs) {
        expect(doc.status).toBe("error");
        expect(c.reasons).toContain(doc.errorReason);
        expect(reasons(zhTW)[doc.errorReason!]).toMatch(/[\u4e00-\u9fff]/);
        expect(reasons(en)[doc.errorReason!]).toMatch(/too/);
      }
      // Parsing ran elsewhere: the inflated gigabytes never entered this process.
      expect(growthMb).toBeLessThan(300);

      // Given up: nothing left to claim, and another pass runs nothing again.
      const db = await getDb();
      const rows = await db
        .select({ status: jobs.status })
        .from(jobs)
        .where(sql`${jobs.payload}->>'documentId' in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(["done", "failed"]).toContain(row.status);
      const queued = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, "queued"));
      expect(queued).toEqual([]);
    });
  }
});

// Scans: OCR costs seconds of processor time a page, so a long scan is bounded by time as well as
// memory, and a picture too large to decode is refused from its header.
describe("hostile scans", () => {
  it("a 10^8-pixel image ends as image_too_large, translated, without decoding it anywhere", { timeout: 180_000 }, async () => {
    const { cookie } = await seedUser();
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#ffffff" } }).greyscale().png({ compressionLevel: 9 }).toBuffer();
    const rssBefore = process.memoryUsage().rss;
    const id = await uploadAs(cookie, "huge.png", new Uint8Array(huge), "image/png");
    await drainJobs();
    const list = await call(documentsRoute.GET, { method: "GET", path: "/api/documents", cookie });
    const doc = (list.body as { id: string; status: string; errorReason: string | null }[]).find((d) => d.id === id)!;
    expect(doc).toMatchObject({ status: "error", errorReason: "image_too_large" });
    expect(reasons(zhTW).image_too_large).toMatch(/[\u4e00-\u9fff]/);
    expect(reasons(en).image_too_large).toMatch(/too many pixels/);
    expect((process.memoryUsage().rss - rssBefore) / MB).toBeLessThan(100);
  });

  it("a 500-page scan stays inside its parse process's memory and its time, while another file is parsed beside it", { timeout: 300_000 }, async () => {
    // One scanned page painted on all 500 pages: the file stays small, every page is read anew.
    const page = await renderPage([{ kind: "paragraph", text: "第十二條 本規則經董事會通過後施行，修正時亦同。".repeat(12) }], { dpi: 150 });
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(page);
    for (let i = 0; i < 500; i++) doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    const pdf = await doc.save();
    expect(pdf.length).toBeLessThan(10 * MB);

    const { allowanceMb } = parseCapacity();
    let peak = 0;
    let pagesRead = 0;
    const rssBefore = process.memoryUsage().rss;
    // The parse's limits made small here (in use: 60 s for a text layer, OCR_TIMEOUT_MS, half an
    // hour, once pages are read by OCR).
    const scan = parseInWorker(pdf, "pdf", { timeoutMs: 20_000, ocrTimeoutMs: 20_000, onOcrPage: () => pagesRead++, onMemorySample: (rss) => (peak = Math.max(peak, rss)) });
    const small = await parseInWorker(new Uint8Array(await makeSmallPdf()), "pdf");
    expect(small.pages.map((p) => p.text).join(" ")).toContain("Meeting notes");
    const settled = await scan.then(
      () => "finished",
      (error: unknown) => (error instanceof ParseError ? error.code : String(error)),
    );
    expect(settled).toBe("timeout");
    expect(pagesRead).toBeGreaterThan(0);
    // Ended by its limit, not by reading to the end.
    expect(pagesRead).toBeLessThan(500);
    expect(peak).toBeGreaterThan(0);
    expect(peak / MB).toBeLessThan(allowanceMb);
    expect((process.memoryUsage().rss - rssBefore) / MB).toBeLessThan(200);
  });
});

async function makeSmallPdf(): Promise<Uint8Array> {
  const { StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText("Meeting notes: the budget review moves to Friday.", { x: 50, y: 780, size: 12, font });
  return doc.save();
}
