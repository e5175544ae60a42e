import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as upload from "@/app/api/documents/upload/route";
import { getDb } from "@/lib/server/db/client";
import { documentChunks, documents, jobs } from "@/lib/server/db/schema";
import { registerJobs } from "@/lib/server/jobs/register";
import { startJobRunner, stopJobRunner } from "@/lib/server/jobs/runner";
import { parseCapacity } from "@/lib/server/ingest/parse-in-worker";
import { log } from "@/lib/server/log";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { removeDocuments } from "@/lib/server/use-cases/remove-documents";
import { INGEST_JOB } from "@/lib/server/use-cases/upload-document";
import { makeLongPdf } from "../../bench/lib/make-pdf";
import { renderPage } from "../support/page-image";
import { scannedPdf } from "../support/scanned-pdf";
import { call, multipart, seedUser } from "../support/http";

// docs/rules/security.md#uploads-and-parsing: accounts opened for the purpose, each queueing two
// long PDFs (or long scans, read by OCR) from one address, cannot hold the ingestion slots against anyone else. The real
// upload route and the real job runner (as many loops as parse slots) process real files; a
// victim's small text file, sent from another address once the attackers' work is running, must
// be processed within 10 s. Before round-robin turns and the per-address reserved slot, it waited
// until the attackers' second PDFs had run (two long parses, 119 s on the production build).

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const ATTACKER_ADDRESS = "203.0.113.50";
const VICTIM_ADDRESS = "198.51.100.20";
// About 5 MB, within the free plan's file size, and several seconds of parsing and indexing each.
const LONG_PDF_PAGES = 3_500;
const VICTIM_BOUND_MS = 10_000;
// A deleted document's parse ends at its next look for a deletion (one a second) or page.
const SLOT_BACK_BOUND_MS = 5_000;

// Scans: every page is read by OCR, seconds of processor time each.
const SCANNED_PAGES = 8;

let longPdf: Uint8Array;
let longScan: Uint8Array;

async function uploadFrom(address: string, cookie: string, file: File): Promise<string> {
  const { rawBody, headers } = await multipart({ file });
  const res = await call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers: { ...headers, "x-client-ip": address } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Asks `probe` every 100 ms until it answers something, or the bound runs out (then undefined). */
async function waitFor<T>(probe: () => Promise<T | undefined>, boundMs: number): Promise<T | undefined> {
  const deadline = Date.now() + boundMs;
  for (let i = 0; i < boundMs / 100 + 1 && Date.now() <= deadline; i++) {
    const answer = await probe();
    if (answer !== undefined) return answer;
    await sleep(100);
  }
  return undefined;
}

async function runningIngestJobs(): Promise<number> {
  const db = await getDb();
  const rows = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, INGEST_JOB), eq(jobs.status, "running")));
  return rows.length;
}

/** Waits until no ingestion job is queued or running; true if that happened within the bound. */
async function ingestionIdle(boundMs: number): Promise<boolean> {
  const db = await getDb();
  const idle = await waitFor(async () => {
    const rows = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, INGEST_JOB), sql`${jobs.status} in ('queued', 'running')`));
    return rows.length === 0 ? true : undefined;
  }, boundMs);
  return idle === true;
}

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
  const paragraphs = Array.from({ length: 40 }, (_, i) => `Clause ${i + 1}. The tenant keeps the premises in good repair and returns them in the state received, fair wear and tear excepted; notices go to the address in the schedule. `.repeat(3));
  longPdf = await makeLongPdf({ paragraphs, pages: LONG_PDF_PAGES, language: "en" });
  const page = await renderPage([{ kind: "heading", text: "第七條 員工停車" }, { kind: "paragraph", text: "員工停車位於東棟地下三樓，每月停車費為新臺幣一千二百元，由薪資中扣除。" }], { dpi: 200 });
  longScan = await scannedPdf(Array.from({ length: SCANNED_PAGES }, () => ({ image: page, format: "png" as const })));
  startJobRunner({ concurrency: parseCapacity().slots });
});

afterAll(async () => {
  await stopJobRunner(60_000);
});

describe("ingestion slots shared fairly between accounts", () => {
  const cases = [
    { attackers: 2, label: "long PDFs", file: () => longPdf },
    { attackers: 4, label: "long PDFs", file: () => longPdf },
    { attackers: 2, label: `scanned PDFs of ${SCANNED_PAGES} pages (OCR)`, file: () => longScan },
  ];
  for (const { attackers, label, file } of cases) {
    it(`${attackers} accounts × 2 ${label} from one address: another person's small text file is processed within 10 s`, async () => {
      const accounts = await Promise.all(Array.from({ length: attackers }, () => seedUser()));
      const attackerDocs: { userId: string; ids: string[] }[] = [];
      for (const account of accounts) {
        const ids = [];
        for (let n = 1; n <= 2; n++) ids.push(await uploadFrom(ATTACKER_ADDRESS, account.cookie, new File([Buffer.from(file())], `lease-${n}.pdf`, { type: "application/pdf" })));
        attackerDocs.push({ userId: account.user.id, ids });
      }
      // The attackers' parsing has begun before the victim sends anything.
      expect(await waitFor(async () => ((await runningIngestJobs()) > 0 ? true : undefined), 30_000)).toBe(true);

      const victim = await seedUser();
      const started = Date.now();
      const victimId = await uploadFrom(VICTIM_ADDRESS, victim.cookie, new File(["Parking is in the east building, level B3.\n".repeat(20)], "parking.txt", { type: "text/plain" }));
      const db = await getDb();
      const status = await waitFor(async () => {
        const [row] = await db.select({ status: documents.status }).from(documents).where(eq(documents.id, victimId));
        return row.status === "processing" ? undefined : row.status;
      }, VICTIM_BOUND_MS);
      const waitedMs = Date.now() - started;
      // Still running: the attackers' files were not just done already.
      const attackersUnfinished = await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(inArray(documents.id, attackerDocs.flatMap((a) => a.ids)), eq(documents.status, "processing")));

      expect(status, `the victim's file after ${waitedMs} ms`).toBe("processed");
      expect(attackersUnfinished.length).toBeGreaterThan(0);

      // Clean up: the attackers' files go, and their parses with them.
      for (const a of attackerDocs) await removeDocuments(a.userId, a.ids);
      expect(await ingestionIdle(SLOT_BACK_BOUND_MS), `ingestion still busy ${SLOT_BACK_BOUND_MS} ms after the attackers' files were deleted`).toBe(true);
    });
  }

  it("a long PDF deleted while it is parsed gives its slot back within seconds, and nothing of it is kept", async () => {
    const owner = await seedUser();
    const id = await uploadFrom(VICTIM_ADDRESS, owner.cookie, new File([Buffer.from(longPdf)], "lease.pdf", { type: "application/pdf" }));
    expect(await waitFor(async () => ((await runningIngestJobs()) > 0 ? true : undefined), 30_000)).toBe(true);
    const info = vi.spyOn(log, "info");
    await removeDocuments(owner.user.id, [id]);
    expect(await ingestionIdle(SLOT_BACK_BOUND_MS), `ingestion still busy ${SLOT_BACK_BOUND_MS} ms after the file was deleted`).toBe(true);
    // Abandoned, not parsed to its end and then thrown away.
    expect(info).toHaveBeenCalledWith("document deleted while it was parsed", { documentId: id });
    info.mockRestore();
    const db = await getDb();
    expect(await db.select({ id: documentChunks.id }).from(documentChunks).where(eq(documentChunks.documentId, id))).toHaveLength(0);
  });
});
