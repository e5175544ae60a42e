import { readFileSync } from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { detectType } from "@/lib/server/ingest/worker/detect-type.mjs";
import { FIXTURE_DIR } from "@/scripts/make-fixtures";

const fixture = (name: string) => readFileSync(path.join(FIXTURE_DIR, name));
const text = (value: string) => new TextEncoder().encode(value);

describe("detectType", () => {
  it.each([
    ["zh-3-pages.pdf", "pdf"],
    ["en-2-pages.pdf", "pdf"],
    ["encrypted.pdf", "pdf"],
    ["garbage.pdf", "pdf"],
    ["zh.docx", "docx"],
    ["external-relationships.docx", "docx"],
    ["notes.md", "md"],
    ["utf16le.txt", "txt"],
    // Photos and scans are documents too, read by OCR.
    ["image.png", "png"],
  ])("recognises %s as %s", (name, kind) => {
    expect(detectType(fixture(name), name)?.kind).toBe(kind);
  });

  it.each(["drawing.svg", "invoice.pdf"])("refuses %s", (name) => {
    expect(detectType(fixture(name), name)).toBeNull();
  });

  it("gives the MIME type of the detected kind", () => {
    expect(detectType(fixture("zh.docx"))).toEqual({
      kind: "docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    expect(detectType(fixture("en-2-pages.pdf"))?.mimeType).toBe("application/pdf");
    expect(detectType(text("hello"), "a.md")?.mimeType).toBe("text/markdown");
    expect(detectType(text("hello"), "a.txt")?.mimeType).toBe("text/plain");
  });

  it("never lets the name decide anything but Markdown versus text", () => {
    expect(detectType(fixture("en-2-pages.pdf"), "notes.txt")?.kind).toBe("pdf");
    expect(detectType(fixture("zh.docx"), "photo.png")?.kind).toBe("docx");
    expect(detectType(text("plain words"), "report.pdf")?.kind).toBe("txt");
    expect(detectType(text("# Title"), "README.MD")?.kind).toBe("md");
    expect(detectType(text("# Title"), "notes.markdown")?.kind).toBe("md");
    expect(detectType(text("# Title"))?.kind).toBe("txt");
  });

  it("finds the PDF header only within the first 1024 bytes", () => {
    expect(detectType(text(`${" ".repeat(1000)}%PDF-1.7`))?.kind).toBe("pdf");
    expect(detectType(text(`${" ".repeat(1100)}%PDF-1.7`))?.kind).not.toBe("pdf");
  });

  it("accepts only ZIP archives that are Word, Excel or PowerPoint documents, by their parts", () => {
    const xlsx = zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "xl/workbook.xml": strToU8("<workbook/>") });
    const plainZip = zipSync({ "readme.txt": strToU8("hi") });
    const noContentTypes = zipSync({ "word/document.xml": strToU8("<w:document/>") });
    expect(detectType(xlsx, "book.docx")?.kind).toBe("xlsx");
    expect(detectType(zipSync({ "xl/workbook.xml": strToU8("<workbook/>") }), "book.xlsx")).toBeNull();
    expect(detectType(plainZip, "a.docx")).toBeNull();
    expect(detectType(noContentTypes, "a.docx")).toBeNull();
    expect(detectType(fixture("zh.docx").subarray(0, 200), "cut.docx")).toBeNull();
  });

  it("refuses legacy Office files and other binaries", () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(detectType(ole, "old.doc")).toBeNull();
    expect(detectType(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]), "a.gif")).toBeNull();
    expect(detectType(text("text with a \u0000 NUL"), "a.txt")).toBeNull();
    expect(detectType(new Uint8Array([0x61, 0xc3, 0x28]), "bad.txt")).toBeNull();
    expect(detectType(text("\u0001\u0002\u0003\u0004 mostly control characters"), "a.txt")).toBeNull();
  });

  it("refuses SVG however it starts, but keeps other XML as text", () => {
    expect(detectType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'), "a.txt")).toBeNull();
    expect(detectType(text('\uFEFF  <?xml version="1.0"?>\n<!-- drawn -->\n<svg width="1"/>'))).toBeNull();
    expect(detectType(text('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" ""><svg/>'))).toBeNull();
    expect(detectType(text('<?xml version="1.0"?>\n<note>svg is mentioned here</note>'))?.kind).toBe("txt");
    expect(detectType(text("# Drawing\n\n```html\n<svg></svg>\n```\n"), "a.md")?.kind).toBe("md");
  });

  it("reads UTF-16 only with a byte order mark, and only when it decodes", () => {
    const be = new Uint8Array([0xfe, 0xff, 0x4e, 0x2d, 0x65, 0x87]);
    expect(detectType(be)?.kind).toBe("txt");
    expect(detectType(new Uint8Array([0xff, 0xfe, 0x2d, 0x4e, 0x87]))).toBeNull();
    // A UTF-32 byte order mark starts like UTF-16's, then decodes to a NUL.
    expect(detectType(new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))).toBeNull();
  });

  it("samples long text without tripping on a character cut at the sample's edge", () => {
    const long = text(`${"a".repeat(65535)}中文${"內容".repeat(1000)}`);
    expect(detectType(long, "long.txt")?.kind).toBe("txt");
    const utf16 = new Uint8Array(2 + 2 * 40_000);
    utf16.set([0xff, 0xfe]);
    for (let i = 2; i < utf16.length; i += 2) utf16.set([0x2d, 0x4e], i);
    expect(detectType(utf16)?.kind).toBe("txt");
  });
});
