import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import {
  documentXml,
  EN_DOCX_PARAGRAPHS,
  FIXTURE_DIR,
  makeDocx,
  makeDocxBomb,
  makeManyEntriesDocx,
  paragraphXml,
  ZH_DOCX_PARAGRAPHS,
} from "@/scripts/make-fixtures";

const fixture = (name: string) => readFileSync(path.join(FIXTURE_DIR, name));
const MB = 1024 * 1024;

/** Runs `work` and reports how much the process's memory grew meanwhile. */
async function memoryGrowth(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage();
  await work();
  const after = process.memoryUsage();
  return Math.max(after.rss - before.rss, after.arrayBuffers - before.arrayBuffers, after.heapUsed - before.heapUsed);
}

describe("parse DOCX", () => {
  it("gives Chinese and English text as one page without a number", async () => {
    expect(await parseDocument(fixture("zh.docx"), "docx")).toEqual({
      pages: [{ page: null, text: ZH_DOCX_PARAGRAPHS.join("\n\n") }],
      pageCount: null,
    });
    expect((await parseDocument(fixture("en.docx"), "docx")).pages[0].text).toBe(EN_DOCX_PARAGRAPHS.join("\n\n"));
  });

  it("never reads or inlines what external relationships point at", async () => {
    const passwd = readFileSync("/etc/passwd", "utf8");
    const firstLine = passwd.split("\n")[0];
    expect(firstLine.length).toBeGreaterThan(0);
    const text = (await parseDocument(fixture("external-relationships.docx"), "docx")).pages[0].text;
    expect(text).toContain("Before the links.");
    expect(text).toContain("After the links.");
    expect(text).not.toContain(firstLine);
    expect(text).not.toContain("root:");
  });

  it("rejects a bomb that declares its size, before inflating anything", async () => {
    const bomb = makeDocxBomb({ inflatedBytes: 300 * MB });
    expect(bomb.length).toBeLessThan(1 * MB);
    const started = Date.now();
    const growth = await memoryGrowth(() => expect(parseDocument(bomb, "docx")).rejects.toMatchObject({ code: "inflated_too_large" }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(growth).toBeLessThan(32 * MB);
  });

  it("stops inflating an entry that lies about its size, with memory bounded", async () => {
    const bomb = makeDocxBomb({ inflatedBytes: 300 * MB, declaredBytes: 10_000 });
    const started = Date.now();
    const growth = await memoryGrowth(() => expect(parseDocument(bomb, "docx")).rejects.toMatchObject({ code: "inflated_too_large" }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(growth).toBeLessThan(32 * MB);
  });

  it("rejects an entry compressed far beyond what real documents reach", async () => {
    const bomb = makeDocxBomb({ inflatedBytes: 20 * MB });
    await expect(parseDocument(bomb, "docx")).rejects.toMatchObject({ code: "inflated_too_large", message: /expands/ });
  });

  it("rejects more than 2,000 entries and accepts 2,000", async () => {
    await expect(parseDocument(makeManyEntriesDocx(5000), "docx")).rejects.toMatchObject({ code: "too_many_entries" });
    await expect(parseDocument(makeManyEntriesDocx(2001), "docx")).rejects.toMatchObject({ code: "too_many_entries" });
    expect((await parseDocument(makeManyEntriesDocx(2000), "docx")).pages[0].text).toBe("Many entries.");
  });

  it("refuses a part with a DTD (entity expansion)", async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      documentXml(paragraphXml("&lol2;")).replace(/^<\?xml[^>]*>/, "");
    await expect(parseDocument(makeDocx({ document: laughs }), "docx")).rejects.toMatchObject({ code: "malformed" });
  });

  it("reports a document without text as no_text and a broken one as malformed", async () => {
    await expect(parseDocument(makeDocx({ document: documentXml("") }), "docx")).rejects.toMatchObject({ code: "no_text" });
    await expect(parseDocument(makeDocx({ document: "<w:document><w:body>" }), "docx")).rejects.toMatchObject({ code: "malformed" });
  });

  it("refuses content that is not a Word document", async () => {
    await expect(parseDocument(fixture("en-2-pages.pdf"), "docx")).rejects.toMatchObject({ code: "unsupported_type" });
  });
});
