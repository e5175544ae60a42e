import { describe, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import mammoth from "mammoth";
import sharp from "sharp";
import { extractImages, extractText, getDocumentProxy } from "unpdf";
import { exportConversation, type ExportMessage } from "@/lib/server/export/chat-export";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 6, minute));
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } });

async function pdfText(bytes: Uint8Array): Promise<string> {
  return String((await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text);
}

describe("exportConversation", () => {
  it("embeds GIF and WebP attachments in Word and PDF (as PNG), scaled to the page", async () => {
    const messages: ExportMessage[] = [
      { role: "user", content: "動圖", createdAt: at(0), imageData: dataUrl("image/gif", await solid(80, 40).gif().toBuffer()), imageFileName: "a.gif" },
      { role: "user", content: "照片", createdAt: at(1), imageData: dataUrl("image/webp", await solid(2000, 1000).webp().toBuffer()), imageFileName: "b.webp" },
    ];
    const pdf = await exportConversation({ messages, locale: "zh-TW", format: "pdf" });
    const doc = await getDocumentProxy(pdf.body.slice());
    const images = (await Promise.all(Array.from({ length: doc.numPages }, (_, i) => extractImages(doc, i + 1)))).flat();
    expect(images.map((image) => [image.width, image.height])).toEqual([
      [80, 40],
      [1600, 800],
    ]);

    const docx = await exportConversation({ messages, locale: "zh-TW", format: "docx" });
    const files = unzipSync(docx.body);
    expect(Object.keys(files).filter((name) => name.startsWith("word/media/")).map((name) => name.replace(/^.*\./, ""))).toEqual(["png", "png"]);
    const extents = [...strFromU8(files["word/document.xml"]).matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [Number(m[1]) / 9525, Number(m[2]) / 9525]);
    expect(extents).toEqual([
      [80, 40],
      [600, 300],
    ]);
  });

  it("names an attached image whose bytes do not decode instead of failing the export", async () => {
    const broken = dataUrl("image/png", (await solid(40, 40).png().toBuffer()).subarray(0, 60));
    const messages: ExportMessage[] = [{ role: "user", content: "看這張", createdAt: at(0), imageData: broken, imageFileName: "壞掉.png" }];
    expect(await pdfText((await exportConversation({ messages, locale: "zh-TW", format: "pdf" })).body)).toContain("[圖片: 壞掉.png]");
    const docx = await exportConversation({ messages, locale: "zh-TW", format: "docx" });
    expect((await mammoth.extractRawText({ buffer: Buffer.from(docx.body) })).value).toContain("[圖片: 壞掉.png]");
  });

  it("exports a reply nested thousands of quotes deep in every format", async () => {
    const messages: ExportMessage[] = [{ role: "assistant", content: `${"> ".repeat(20_000)}深`, createdAt: at(0) }];
    for (const format of ["txt", "md", "html", "docx", "pdf"] as const) {
      const file = await exportConversation({ messages, locale: "zh-TW", format });
      expect(file.body.byteLength, format).toBeGreaterThan(0);
    }
    const html = new TextDecoder().decode((await exportConversation({ messages, locale: "zh-TW", format: "html" })).body);
    expect(html.match(/<blockquote>/g)).toHaveLength(8);
  });

  it("sets a long conversation over many pages with every line on a page", async () => {
    const reply = "> 資源回收在每週二與週四收運，請於晚上七點前將分類好的回收物放置於指定地點。 [1]\n\n— 《垃圾清運.txt》 第 2 頁\n\n- **第一點** 說明\n- 第二點";
    const messages: ExportMessage[] = Array.from({ length: 120 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: i % 2 ? reply : `問題 ${i}`, createdAt: at(i) }));
    const file = await exportConversation({ messages, locale: "zh-TW", format: "pdf" });
    const doc = await getDocumentProxy(file.body.slice());
    expect(doc.numPages).toBeGreaterThan(3);
    for (let n = 1; n <= doc.numPages; n++) {
      const { items } = await (await doc.getPage(n)).getTextContent();
      for (const item of items) if ("str" in item && item.str.trim()) expect(item.transform[5]).toBeGreaterThanOrEqual(56 - 4);
    }
    const text = (await pdfText(file.body)).replace(/\s+/g, "");
    expect(text.match(/資源回收在每週二與週四收運/g)).toHaveLength(60);
    expect(text).toContain("問題118");
  });
});
