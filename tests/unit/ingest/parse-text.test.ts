import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { FIXTURE_DIR, MARKDOWN_TEXT, UTF16_TEXT } from "@/scripts/make-fixtures";

const fixture = (name: string) => readFileSync(path.join(FIXTURE_DIR, name));

describe("parse text and Markdown", () => {
  it("keeps a UTF-8 file exactly, minus its byte order mark", async () => {
    const parsed = await parseDocument(fixture("notes.md"), "md");
    expect(parsed).toEqual({ pages: [{ page: null, text: MARKDOWN_TEXT.slice(1) }], pageCount: null });
    const text = parsed.pages[0].text;
    expect(text).toContain("\r\n\r\n- 日期");
    expect(text).toContain("臺北\n\nThe");
  });

  it("keeps character offsets valid against the decoded file", async () => {
    const file = fixture("notes.md");
    const text = (await parseDocument(file, "md")).pages[0].text;
    const decoded = new TextDecoder("utf-8", { ignoreBOM: true }).decode(file);
    for (const needle of ["會議紀錄", "臺北", "**approved**"]) {
      const at = text.indexOf(needle);
      expect(at).toBeGreaterThan(0);
      expect(decoded.slice(at + 1, at + 1 + needle.length)).toBe(needle);
    }
  });

  it("reads UTF-16 LE and BE with a byte order mark", async () => {
    expect((await parseDocument(fixture("utf16le.txt"), "txt")).pages[0].text).toBe(UTF16_TEXT);
    const be = Buffer.from(`\uFEFF${UTF16_TEXT}`, "utf16le").swap16();
    expect((await parseDocument(be, "txt")).pages[0].text).toBe(UTF16_TEXT);
  });

  it("strips one byte order mark only", async () => {
    const doubled = new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61]);
    expect((await parseDocument(doubled, "txt")).pages[0].text).toBe("\uFEFFa");
  });

  it("reports a file with nothing but white space as no_text", async () => {
    await expect(parseDocument(new TextEncoder().encode(" \r\n\t\n"), "txt")).rejects.toMatchObject({ code: "no_text" });
    await expect(parseDocument(new Uint8Array(0), "txt")).rejects.toMatchObject({ code: "no_text" });
  });

  it("refuses content that is not text whatever kind it is given", async () => {
    await expect(parseDocument(fixture("image.png"), "txt")).rejects.toMatchObject({ code: "unsupported_type" });
    const invalidLate = Buffer.concat([Buffer.from("a".repeat(70_000)), Buffer.from([0xc3, 0x28])]);
    await expect(parseDocument(invalidLate, "txt")).rejects.toMatchObject({ code: "unsupported_type" });
  });
});
