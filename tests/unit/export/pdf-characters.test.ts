import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fontkit from "@pdf-lib/fontkit";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { exportConversation, type ExportMessage } from "@/lib/server/export/chat-export";
import { glyphSource } from "@/lib/server/export/pdf-fonts";

// The PDF export once dropped, without a trace, every character Noto Sans TC lacks. These
// tests read the PDF as a reader does: pdftotext (poppler-utils) maps each drawn glyph back to text
// through the font's ToUnicode map, and the embedded font programs show what each glyph draws.

const EVAL_DIR = path.join(process.cwd(), "tests/fixtures/eval");
const NOW = new Date("2026-11-22T06:05:09Z");
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 6, minute));
const codePoint = (char: string) => char.codePointAt(0)!;
const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");

/** Every CJK Unified Ideograph in the eval documents, their file names and the questions (Traditional and Simplified). */
function evalIdeographs(): string[] {
  const found = new Set<string>();
  const collect = (text: string) => text.match(/\p{Unified_Ideograph}/gu)?.forEach((char) => found.add(char));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      collect(entry.name);
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else collect(readFileSync(file, "utf8"));
    }
  };
  walk(EVAL_DIR);
  return [...found].sort((a, b) => codePoint(a) - codePoint(b));
}

function pdftotext(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: bytes, maxBuffer: 64 * 1024 * 1024 }).toString("utf8");
}

interface EmbeddedFont {
  name: string;
  glyphCount: number;
  /** What the glyph each character is drawn with looks like (an SVG path), by the character it maps back to. */
  drawings: Map<string, string>;
  notdef: string;
}

function streamBytes(dict: PDFDict, key: string): Buffer {
  const stream = dict.lookup(PDFName.of(key));
  if (!(stream instanceof PDFRawStream)) throw new Error(`${key} is not a stream`);
  return Buffer.from(decodePDFRawStream(stream).decode());
}

/** The PDF's fonts: every font's name, and for the embedded (Type0) ones their glyphs. */
async function embeddedFonts(bytes: Uint8Array): Promise<{ names: string[]; embedded: EmbeddedFont[] }> {
  const pdf = await PDFDocument.load(bytes);
  const names: string[] = [];
  const embedded: EmbeddedFont[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of("Type")) !== PDFName.of("Font")) continue;
    const subtype = object.get(PDFName.of("Subtype"));
    // A Type0 font's descendant repeats its name; it is read through the Type0 font.
    if (subtype === PDFName.of("CIDFontType2")) continue;
    const name = object.lookup(PDFName.of("BaseFont"), PDFName).decodeText();
    names.push(name);
    if (subtype !== PDFName.of("Type0")) continue;
    const descendant = object.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
    const font = fontkit.create(streamBytes(descendant.lookup(PDFName.of("FontDescriptor"), PDFDict), "FontFile2"));
    const toUnicode = streamBytes(object, "ToUnicode").toString("latin1");
    const drawings = new Map<string, string>();
    for (const [, glyph, utf16] of toUnicode.matchAll(/^<([0-9a-f]{4})> <([0-9a-f]+)>$/gim)) {
      const char = String.fromCharCode(...utf16.match(/.{4}/g)!.map((unit) => parseInt(unit, 16)));
      drawings.set(char, font.getGlyph(parseInt(glyph, 16)).path.toSVG());
    }
    embedded.push({ name, glyphCount: font.numGlyphs, drawings, notdef: font.getGlyph(0).path.toSVG() });
  }
  return { names, embedded };
}

/** What a reader sees of a text, character by character: no whitespace (line and page breaks are layout) and no invisible format characters (U+FE0F, U+200D), which a PDF does not draw. */
const visible = (text: string) => [...text.replace(/[\s\p{Default_Ignorable_Code_Point}]/gu, "")];

describe("PDF export characters", () => {
  it("keeps every character of the eval set's Traditional and Simplified ideographs, kana, Hangul, emoji and symbols, as the text export has them", { timeout: 120_000 }, async () => {
    const ideographs = evalIdeographs();
    expect(ideographs.length).toBeGreaterThan(4_000);
    const lines = (chars: string[], perLine: number) => Array.from({ length: Math.ceil(chars.length / perLine) }, (_, i) => chars.slice(i * perLine, (i + 1) * perLine).join(""));
    const kana = span(0x3041, 0x3096) + span(0x30a1, 0x30fa) + "ー";
    const hangul = `한국어 문서를 요약해 주세요. ${Array.from({ length: 110 }, (_, i) => String.fromCodePoint(0xac00 + i * 101)).join("")}`;
    const emoji = "😀👍🎉❤️🍜🚄🌏🇹🇼👨‍👩‍👧✅❌⭐⚠️";
    const symbols = "★☆♠♣♥♦✓✔✗→←⇒∞≈≠≤≥±×÷°€£¥©®™§¶†‡…‰′″№℃①②③⌘⏎☐☑•‧・·";
    const messages: ExportMessage[] = [
      { role: "user", content: "三权分立是什么？这个国家说的欧洲锦标赛战报有什么问题？", createdAt: at(0), imageFileName: "欧洲锦标赛战报.png" },
      ...lines(ideographs, 400).map((chunk, i): ExportMessage => ({ role: "user", content: lines([...chunk], 40).join("\n"), createdAt: at(1 + i) })),
      { role: "user", content: `${kana}\n${hangul}\n${emoji}\n${symbols}`, createdAt: at(30) },
    ];

    const text = new TextDecoder().decode((await exportConversation({ messages, locale: "zh-TW", format: "txt", now: NOW })).body);
    const pdf = (await exportConversation({ messages, locale: "zh-TW", format: "pdf", now: NOW })).body;
    // The text export heads a message "[使用者] 2026/11/22 14:00:00"; the PDF sets the label in bold beside the time, with no brackets.
    const expected = visible(text.replace(/^\[(.+)\] (\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d)$/gm, "$1$2"));
    const read = visible(pdftotext(pdf));
    const readSet = new Set(read);
    expect(expected.filter((char) => !readSet.has(char))).toEqual([]);
    expect(read.join("")).toBe(expected.join(""));

    // Every character is drawn, with a glyph of a font that has it; only the four eval ideographs
    // that none of the families has are drawn as Noto Sans TC's .notdef box.
    const { embedded } = await embeddedFonts(pdf);
    const drawn = new Map(embedded.flatMap((font) => [...font.drawings].map(([char, drawing]) => [char, drawing === font.notdef ? "box" : drawing] as const)));
    expect(new Set(expected).size).toBe(new Set([...drawn.keys()].filter((char) => !/\s/.test(char))).size);
    expect([...drawn].filter(([, drawing]) => drawing === "box").map(([char]) => char).sort()).toEqual(["灙", "甂", "籨", "霫"]);
    expect([...drawn].filter(([, drawing]) => drawing === "").map(([char]) => char)).toEqual([" "]);
  });

  it("embeds nothing from the fallback fonts in a Traditional Chinese export: Noto Sans TC's glyphs for the characters set, and no more", { timeout: 60_000 }, async () => {
    const messages: ExportMessage[] = [
      { role: "user", content: "臺灣高鐵的最高時速是多少？請用繁體中文回答。", createdAt: at(0) },
      { role: "assistant", content: "根據您的文件，最相關的內容如下：\n\n> 資源回收在每週二與週四收運。 [1]\n\n— 《垃圾清運.txt》 第 2 頁\n\n- **第一點** 說明\n- 第二點 `THSR`", createdAt: at(1) },
    ];
    const pdf = (await exportConversation({ messages, locale: "zh-TW", format: "pdf", now: NOW })).body;
    const { names, embedded } = await embeddedFonts(pdf);
    expect(names.map((name) => name.replace(/-\d+$/, "")).sort()).toEqual(["Courier", "NotoSansTC-Bold", "NotoSansTC-Regular"]);
    for (const font of embedded) {
      const weight = font.name.startsWith("NotoSansTC-Bold") ? 700 : 400;
      expect([...font.drawings.keys()].filter((char) => glyphSource(codePoint(char), weight)?.family !== "noto-sans-tc"), font.name).toEqual([]);
      // One glyph per character set, and .notdef.
      expect(font.glyphCount, font.name).toBe(font.drawings.size + 1);
    }
  });
});
