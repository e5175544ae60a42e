import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as one from "@/app/api/documents/[id]/route";
import * as upload from "@/app/api/documents/upload/route";
import { getDb } from "@/lib/server/db/client";
import { documentChunks, documents } from "@/lib/server/db/schema";
import { citedPages } from "@/lib/server/ingest/cited-pages";
import { registerJobs } from "@/lib/server/jobs/register";
import { log } from "@/lib/server/log";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { retrievePassages } from "@/lib/server/use-cases/retrieve-passages";
import { degrade, renderPage, type PageBlock } from "@/tests/support/page-image";
import { scannedPdf } from "@/tests/support/scanned-pdf";
import { call, multipart, seedUser } from "../support/http";

// Each scanned page is read by OCR in the parse process: seconds of processor time a page.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const REGULATION: PageBlock[] = [
  { kind: "heading", text: "第七條 員工停車" },
  { kind: "paragraph", text: "員工停車位於東棟地下三樓，每月停車費為新臺幣一千二百元，由薪資中扣除。機車停車免費，但須向總務處登記車牌。" },
];
const PHOTO: PageBlock[] = [
  { kind: "heading", text: "Fire drill" },
  { kind: "paragraph", text: "The yearly fire drill takes place on the second Wednesday of October. Everyone gathers at the north gate within six minutes." },
];

async function uploadAs(cookie: string, file: File) {
  const { rawBody, headers } = await multipart({ file });
  const res = await call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
  expect(res.status).toBe(201);
  return res.body as { id: string; kind: string; status: string };
}

/** Runs the queued jobs while `watch` is asked every 50 ms, until the jobs are done. */
async function drainWatching(watch: () => Promise<void>) {
  let done = false;
  const draining = drainJobs().finally(() => (done = true));
  for (let i = 0; i < 10_000 && !done; i++) {
    await watch();
    await sleep(50);
  }
  await draining;
}

let regulationPng: Buffer;
beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
  regulationPng = await renderPage(REGULATION, { dpi: 200 });
});

describe("scanned PDFs and photos as documents", () => {
  it("reads a scanned page among text pages, shows the page being read, notes the blank one, and cites the right page", async () => {
    const { cookie, user } = await seedUser();
    const blank = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: "#ffffff" } }).png().toBuffer();
    const pdf = await scannedPdf([{ text: "Staff handbook 2026, chapter 7" }, { image: regulationPng, format: "png" }, { image: blank, format: "png" }]);
    const doc = await uploadAs(cookie, new File([new Uint8Array(pdf)], "員工手冊（掃描）.pdf", { type: "application/pdf" }));
    expect(doc.kind).toBe("pdf");
    const seen = new Set<string>();
    await drainWatching(async () => {
      const res = await call(one.GET, { cookie, params: { id: doc.id } });
      if (res.body.reading) seen.add(`${res.body.reading.page}/${res.body.reading.pages}`);
    });
    // Page 2 was being read (the first OCR page is always written at once).
    expect([...seen].every((s) => s.endsWith("/3"))).toBe(true);
    expect(seen.has("2/3")).toBe(true);
    const after = await call(one.GET, { cookie, params: { id: doc.id } });
    expect(after.body).toMatchObject({ status: "processed", pageCount: 3, reading: null, unreadablePages: [3] });

    const passages = await retrievePassages({ ownerId: user.id, question: "員工停車每月停車費是多少？" });
    expect(passages[0].documentName).toBe("員工手冊（掃描）.pdf");
    const passage = passages[0];
    expect(passage.content.replace(/\s/g, "")).toContain("每月停車費為新臺幣一千二百元");
    // A reply quoting the scanned sentence cites page 2, not the text page the passage starts on.
    const sentence = /每\s*月\s*停\s*車\s*費[^。]*。/.exec(passage.content)![0];
    expect(citedPages(`> ${sentence} [1]`, 1, passage)).toEqual({ page: 2, pageEnd: 2 });
  });

  it("reads a photographed page uploaded as an image (JPEG, 150 dpi, skewed, noisy)", async () => {
    const { cookie, user } = await seedUser();
    const photo = await degrade(await renderPage(PHOTO, { dpi: 200 }), { fromDpi: 200, dpi: 150, skewDegrees: 1.5, quality: 60 });
    const doc = await uploadAs(cookie, new File([new Uint8Array(photo)], "IMG_0042.jpg", { type: "image/jpeg" }));
    expect(doc.kind).toBe("jpg");
    await drainJobs();
    expect((await call(one.GET, { cookie, params: { id: doc.id } })).body).toMatchObject({ status: "processed", pageCount: 1, unreadablePages: [] });
    const passages = await retrievePassages({ ownerId: user.id, question: "Where does everyone gather during the fire drill?" });
    expect(passages[0].documentName).toBe("IMG_0042.jpg");
    expect(passages[0].content).toMatch(/north gate/);
    expect(passages[0].page).toBe(1);
  });

  it("ends a picture without legible text with the translated unreadable-scan reason", async () => {
    const { cookie } = await seedUser();
    const speckles = await sharp(Buffer.from(Array.from({ length: 300 * 300 }, (_, i) => ((i * 7919) % 251 > 125 ? 255 : 0))), { raw: { width: 300, height: 300, channels: 1 } })
      .webp({ lossless: true })
      .toBuffer();
    const doc = await uploadAs(cookie, new File([new Uint8Array(speckles)], "speckles.webp", { type: "image/webp" }));
    expect(doc.kind).toBe("webp");
    await drainJobs();
    expect((await call(one.GET, { cookie, params: { id: doc.id } })).body).toMatchObject({ status: "error", errorReason: "unreadable_scan" });
  });

  it("stops reading a scan when its document is deleted", async () => {
    const { cookie } = await seedUser({ plan: "supporter" });
    const pdf = await scannedPdf(Array.from({ length: 8 }, () => ({ image: regulationPng, format: "png" as const })));
    const doc = await uploadAs(cookie, new File([new Uint8Array(pdf)], "long-scan.pdf", { type: "application/pdf" }));
    const info = vi.spyOn(log, "info");
    let deleted = false;
    let pageAtDelete = 0;
    await drainWatching(async () => {
      if (deleted) return;
      const res = await call(one.GET, { cookie, params: { id: doc.id } });
      if (res.body.reading) {
        pageAtDelete = res.body.reading.page;
        expect((await call(one.DELETE, { method: "DELETE", cookie, params: { id: doc.id } })).status).toBe(200);
        deleted = true;
      }
    });
    expect(deleted).toBe(true);
    expect(pageAtDelete).toBeLessThan(8);
    // The parse was abandoned, not read to its end and then thrown away.
    expect(info).toHaveBeenCalledWith("document deleted while it was parsed", { documentId: doc.id });
    info.mockRestore();
    const db = await getDb();
    expect(await db.select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(0);
    expect(await db.select().from(documentChunks).where(eq(documentChunks.documentId, doc.id))).toHaveLength(0);
  });
});
