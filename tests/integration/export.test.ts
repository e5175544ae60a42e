import { describe, expect, it } from "vitest";
import * as cheerio from "cheerio";
import { strFromU8, unzipSync } from "fflate";
import mammoth from "mammoth";
import sharp from "sharp";
import { extractImages, extractLinks, extractText, getDocumentProxy } from "unpdf";
import { NextRequest } from "next/server";
import * as exportRoute from "@/app/api/messages/export/route";
import { EXPORT_MAX_MESSAGES, LOCALE_COOKIE } from "@/lib/constants";
import { getDb } from "@/lib/server/db/client";
import { messages } from "@/lib/server/db/schema";
import { exportFileName } from "@/lib/server/export/chat-export";
import { insertExchange } from "@/lib/server/queries/messages";
import { answerMessage } from "@/lib/server/use-cases/answer-message";
import { ORIGIN, seedUser } from "../support/http";
import { defaultAssistant } from "@/lib/server/queries/assistants";
import { ownScope } from "../support/assistants";

const HOSTILE = `<script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a>`;

// The offline model's reply shape (lib/server/ai/offline/compose-answer.ts) in both languages.
const OFFLINE_REPLY = {
  "zh-TW": "根據您的文件，最相關的內容如下：\n\n> 資源回收在每週二與週四收運。 [1]\n\n— 《垃圾清運.txt》 第 2 頁",
  en: "Here is what your documents say about this:\n\n> Recycling is collected on Tuesdays and Thursdays. [1]\n\n— *waste-collection.txt*, page 2",
};

// What a hosted model writes: a heading, emphasis, links, nested and numbered lists, code, and
// markup and a javascript: link that must stay inert.
const HOSTED_REPLY = [
  "## 重點整理",
  "",
  "高鐵的**最高營運時速**為 300 公里，*設計時速*更高，代號 `THSR`。詳見 [高鐵官網](https://www.thsrc.com.tw/) 與 https://example.com/timetable 。",
  "",
  "1. 北上",
  "   - 早班較多",
  "   - 晚班較少",
  "2. 南下",
  "",
  "- 第一點",
  "- 第二點",
  "",
  "```",
  "<b>不是粗體</b> const speed = 300;",
  "```",
  "",
  "[危險連結](javascript:alert(4)) <img src=y onerror=alert(5)>",
].join("\n");

async function download(cookie: string, format: string) {
  const req = new NextRequest(`${ORIGIN}/api/messages/export?format=${format}`, { headers: { host: "localhost:3000", cookie } });
  const res = await exportRoute.GET(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A wide PNG (1200×400), so Word and PDF must scale it to the page and keep its shape. */
async function photo(): Promise<string> {
  const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

async function conversation(locale: "zh-TW" | "en" = "zh-TW") {
  const seeded = await seedUser({ role: "admin" });
  const scope = await ownScope(seeded.user);
  const imageData = await photo();
  await answerMessage({ scope, locale, content: "臺灣高鐵的最高時速是多少？請用繁體中文回答。" });
  await answerMessage({ scope, locale, content: HOSTILE, imageData, imageFileName: "收據.png" });
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const own = { ownerId: seeded.user.id, assistantId: (await defaultAssistant(seeded.user.id)).id };
  await insertExchange({ ...own, role: "user", content: "垃圾什麼時候收？", createdAt: later(1) }, { ...own, role: "assistant", content: OFFLINE_REPLY[locale], createdAt: later(2) });
  await insertExchange({ ...own, role: "user", content: "> 這是我打的字，不是引用", createdAt: later(3) }, { ...own, role: "assistant", content: HOSTED_REPLY, createdAt: later(4) });
  return { ...seeded, imageData };
}

function fileNameOf(headers: Headers): string {
  const value = headers.get("content-disposition")!;
  expect(value).not.toMatch(/[\r\n]/);
  return decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(value)![1]);
}

async function pdfOf(bytes: Uint8Array) {
  // pdf.js takes the buffer it is given; each reader gets its own copy.
  return getDocumentProxy(bytes.slice());
}

interface PdfRun {
  text: string;
  x: number;
  width: number;
  font: string;
}

/** The PDF's text as printed lines (runs on one baseline, left to right), with each run's font. */
async function pdfLines(bytes: Uint8Array): Promise<{ lines: string[]; runs: PdfRun[] }> {
  const pdf = await pdfOf(bytes);
  const lines: string[] = [];
  const runs: PdfRun[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const placed: (PdfRun & { y: number })[] = [];
    for (const item of content.items) {
      if (!("str" in item) || item.str === "") continue;
      const run = { text: item.str, x: item.transform[4], width: item.width, font: item.fontName };
      placed.push({ ...run, y: item.transform[5] });
      runs.push(run);
    }
    // Lines are 15 points or more apart; a raised citation mark is a few points above its line.
    const rows: (typeof placed)[] = [];
    for (const run of placed.sort((a, b) => b.y - a.y)) {
      const row = rows.at(-1);
      if (row && row[0].y - run.y < 6) row.push(run);
      else rows.push([run]);
    }
    for (const row of rows) lines.push(row.sort((a, b) => a.x - b.x).map((run) => run.text).join("").replace(/\s+/g, " ").trim());
  }
  return { lines, runs };
}

describe("GET /api/messages/export", () => {
  it("exports text and Markdown as written: title, export time, role labels, times, the Chinese intact and the Markdown untouched", async () => {
    const { cookie } = await conversation();
    for (const format of ["txt", "md"]) {
      const res = await download(cookie, format);
      expect(res.status).toBe(200);
      const text = new TextDecoder().decode(res.bytes);
      expect(text).toContain("對話記錄");
      expect(text).toMatch(/匯出時間：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
      expect(text).toMatch(/使用者.*\d{4}\/\d{2}\/\d{2}/);
      expect(text).toContain("AI 助理");
      expect(text).toContain("臺灣高鐵的最高時速是多少？請用繁體中文回答。");
      expect(text).toContain("[圖片: 收據.png]");
      expect(text).not.toContain("data:image");
      expect(text).toContain("> 資源回收在每週二與週四收運。 [1]");
      expect(text).toContain("高鐵的**最高營運時速**為 300 公里，*設計時速*更高");
      expect(text).toContain("1. 北上\n   - 早班較多");
      expect(fileNameOf(res.headers)).toMatch(new RegExp(`^對話記錄_\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}\\.${format}$`));
    }
  });

  it("renders the HTML export's Markdown as elements, shows the attached image, and keeps everything in a message inert", async () => {
    const { cookie, imageData } = await conversation();
    const res = await download(cookie, "html");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = new TextDecoder().decode(res.bytes);
    const $ = cheerio.load(html);
    expect($('meta[http-equiv="Content-Security-Policy"]').attr("content")).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");

    const quote = $("blockquote");
    expect(quote).toHaveLength(1);
    expect(quote.text()).toContain("資源回收在每週二與週四收運。");
    expect(quote.find("sup").text()).toBe("[1]");
    expect(quote.next("p").text()).toBe("— 《垃圾清運.txt》 第 2 頁");
    // No Markdown marker is left at the start of any paragraph of a reply.
    $(".message.assistant p, .message.assistant li").each((_, el) => expect($(el).text()).not.toMatch(/^\s*(?:>|[-*] |\d+\. )/));

    expect($("h2").first().text()).toContain("使用者");
    expect($(".message.assistant h4").text()).toBe("重點整理");
    expect($("strong").filter((_, el) => $(el).text() === "最高營運時速")).toHaveLength(1);
    expect($("em").filter((_, el) => $(el).text() === "設計時速")).toHaveLength(1);
    expect($("p code").text()).toBe("THSR");
    expect($("pre code").text()).toBe("<b>不是粗體</b> const speed = 300;");
    expect($("pre b")).toHaveLength(0);

    const ordered = $("ol");
    expect(ordered).toHaveLength(1);
    expect(ordered.children("li").map((_, el) => $(el).contents().first().text()).get()).toEqual(["北上", "南下"]);
    expect(ordered.find("li > ul > li").map((_, el) => $(el).text()).get()).toEqual(["早班較多", "晚班較少"]);
    expect($("ol + ul").children("li").map((_, el) => $(el).text()).get()).toEqual(["第一點", "第二點"]);

    const links = $("a");
    expect(links.map((_, el) => $(el).attr("href")).get()).toEqual(["https://www.thsrc.com.tw/", "https://example.com/timetable"]);
    links.each((_, el) => expect($(el).attr("rel")).toBe("noopener noreferrer"));
    expect($("a").first().text()).toBe("高鐵官網");

    const images = $("img");
    expect(images).toHaveLength(1);
    expect(images.attr("src")).toBe(imageData);
    expect(images.attr("src")).toMatch(/^data:image\/png;base64,/);
    expect(images.attr("alt")).toBe("收據.png");

    // Markup in a message, the user's or the model's, is text on the page.
    expect($("script")).toHaveLength(0);
    expect($("[onerror]")).toHaveLength(0);
    expect($("body").text()).toContain(HOSTILE);
    expect($("body").text()).toContain("<img src=y onerror=alert(5)>");
    expect($("body").text()).toContain("危險連結");
    // The user's own words are shown as typed, not read as Markdown.
    expect($(".message.user p").filter((_, el) => $(el).text() === "> 這是我打的字，不是引用")).toHaveLength(1);
    expect(html).toContain("臺灣高鐵的最高時速是多少？");
  });

  it("exports Word with real quotes, numbered and nested lists, emphasis, code, hyperlinks and the image scaled to the page", async () => {
    const { cookie } = await conversation();
    const res = await download(cookie, "docx");
    expect(res.headers.get("content-type")).toContain("wordprocessingml");
    const buffer = Buffer.from(res.bytes);
    const { value: raw } = await mammoth.extractRawText({ buffer });
    expect(raw).toContain("對話記錄");
    expect(raw).toContain("臺灣高鐵的最高時速是多少？請用繁體中文回答。");
    expect(raw).toContain("AI 助理");
    expect(raw).toContain("<script>alert(1)</script>");
    expect(raw).toContain("資源回收在每週二與週四收運。");
    expect(raw).not.toContain("> 資源回收");
    expect(raw).not.toContain("**");

    // Word's own style names, read the way a converter reads them.
    const styleMap = ["p[style-name='Quote'] => blockquote > p:fresh", "p[style-name='HTML Preformatted'] => pre:fresh", "r[style-name='HTML Code'] => code"];
    const { value: html } = await mammoth.convertToHtml({ buffer }, { styleMap });
    const $ = cheerio.load(html);
    expect($("blockquote").text()).toContain("資源回收在每週二與週四收運。");
    expect($("blockquote sup").text()).toBe("[1]");
    expect($("ol").first().children("li").map((_, el) => $(el).contents().first().text()).get()).toEqual(["北上", "南下"]);
    expect($("ol > li > ul > li").map((_, el) => $(el).text()).get()).toEqual(["早班較多", "晚班較少"]);
    expect($("ul").last().children("li").map((_, el) => $(el).text()).get()).toEqual(["第一點", "第二點"]);
    expect($("strong").filter((_, el) => $(el).text() === "最高營運時速")).toHaveLength(1);
    expect($("em").filter((_, el) => $(el).text() === "設計時速")).toHaveLength(1);
    expect($("code").text()).toBe("THSR");
    expect($("pre").text()).toBe("<b>不是粗體</b> const speed = 300;");
    expect($("a").map((_, el) => $(el).attr("href")).get()).toEqual(["https://www.thsrc.com.tw/", "https://example.com/timetable"]);
    expect($("img")).toHaveLength(1);
    expect($("img").attr("src")).toMatch(/^data:image\/png;base64,/);
    expect($("img").attr("alt")).toBe("收據.png");

    const files = unzipSync(res.bytes);
    const xml = strFromU8(files["word/document.xml"]);
    expect(xml).toMatch(/<w:numPr>/);
    expect(xml).toMatch(/<w:hyperlink /);
    // 1200×400 pixels scaled to the 600-pixel text width, the shape kept (EMU: 9525 per pixel).
    const extent = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(xml)!;
    expect([Number(extent[1]), Number(extent[2])]).toEqual([600 * 9525, 200 * 9525]);
    const styles = strFromU8(files["word/styles.xml"]);
    expect(styles).toMatch(/<w:style [^>]*w:styleId="Quote"[\s\S]*?<w:ind w:left="360"/);
  });

  it("exports a PDF with the Markdown set as layout, the image embedded and links clickable, Chinese intact", async () => {
    const { cookie } = await conversation();
    const res = await download(cookie, "pdf");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const { text, totalPages } = await extractText(await pdfOf(res.bytes), { mergePages: true });
    const flat = String(text).replace(/\s+/g, "");
    expect(flat).toContain("對話記錄");
    expect(flat).toContain("臺灣高鐵的最高時速是多少？請用繁體中文回答。");
    expect(flat).toContain("AI助理");
    expect(flat).toContain("資源回收在每週二與週四收運。[1]");
    expect(flat).toContain("—《垃圾清運.txt》第2頁");
    expect(flat).toContain("<script>alert(1)</script>");
    expect(flat).toContain("<b>不是粗體</b>constspeed=300;");

    const { lines, runs } = await pdfLines(res.bytes);
    // Markdown markers are gone (the user's own "> " stays, as typed); list markers are set as bullets and numbers.
    expect(lines.filter((line) => /^>\s/.test(line))).toEqual(["> 這是我打的字，不是引用"]);
    expect(String(text)).not.toContain("**");
    expect(String(text)).not.toContain("```");
    expect(lines).toEqual(expect.arrayContaining(["資源回收在每週二與週四收運。 [1]", "1. 北上", "◦ 早班較多", "◦ 晚班較少", "2. 南下", "• 第一點", "• 第二點"]));
    // Bold set in the bold weight, code in Courier.
    const fontOf = (text: string) => runs.find((run) => run.text.includes(text))!.font;
    expect(fontOf("最高營運時速")).not.toBe(fontOf("為 300 公里"));
    expect(fontOf("THSR")).not.toBe(fontOf("最高營運時速"));
    expect(fontOf("THSR")).not.toBe(fontOf("為 300 公里"));
    // Nothing runs past the right margin.
    for (const run of runs) expect(run.x + run.width).toBeLessThanOrEqual(595.28 - 56 + 1);

    const { links } = await extractLinks(await pdfOf(res.bytes));
    expect([...new Set(links)]).toEqual(["https://www.thsrc.com.tw/", "https://example.com/timetable"]);

    const pdf = await pdfOf(res.bytes);
    const images = (await Promise.all(Array.from({ length: totalPages }, (_, i) => extractImages(pdf, i + 1)))).flat();
    expect(images.map((image) => [image.width, image.height])).toEqual([[1200, 400]]);
  });

  it("uses English labels, file name and reply for an English reader", async () => {
    const { cookie } = await conversation("en");
    const res = await download(`${cookie}; ${LOCALE_COOKIE}=en`, "txt");
    const text = new TextDecoder().decode(res.bytes);
    expect(text).toMatch(/^Chat Conversation\nExported at: /);
    expect(text).toContain("[User]");
    expect(text).toContain("[Assistant]");
    expect(text).toContain("[Image: 收據.png]");
    expect(fileNameOf(res.headers)).toMatch(/^Chat_Conversation_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.txt$/);
    expect(res.headers.get("content-disposition")).toMatch(/filename="Chat_Conversation_[\d_-]+\.txt"/);

    const $ = cheerio.load(new TextDecoder().decode((await download(`${cookie}; ${LOCALE_COOKIE}=en`, "html")).bytes));
    expect($("html").attr("lang")).toBe("en");
    expect($("blockquote").text()).toContain("Recycling is collected on Tuesdays and Thursdays.");
    expect($("blockquote + p em").text()).toBe("waste-collection.txt");
    expect($("blockquote + p").text()).toBe("— waste-collection.txt, page 2");
  });

  it("refuses an empty conversation with 尚無對話內容可匯出, and an unknown format with 400", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const empty = await download(cookie, "txt");
    expect(empty.status).toBe(400);
    expect(JSON.parse(new TextDecoder().decode(empty.bytes)).error.message).toBe("尚無對話內容可匯出");
    const { cookie: other } = await conversation();
    expect((await download(other, "exe")).status).toBe(400);
  });

  it("exports only the latest 1,000 messages of a longer conversation, saying so, with error replies left out", async () => {
    const { cookie, user } = await seedUser({ role: "admin" });
    const db = await getDb();
    const start = Date.parse("2026-11-01T00:00:00Z");
    const rows = Array.from({ length: EXPORT_MAX_MESSAGES + 6 }, (_, i) => ({
      ownerId: user.id,
      role: (i % 2 === 0 ? "user" : "assistant") as "user" | "assistant",
      content: `訊息第${i + 1}則`,
      isError: i === EXPORT_MAX_MESSAGES + 5,
      createdAt: new Date(start + i * 1_000),
    }));
    await db.insert(messages).values(rows);
    const text = new TextDecoder().decode((await download(cookie, "txt")).bytes);
    expect(text).toContain(`（對話共 ${EXPORT_MAX_MESSAGES + 5} 則訊息，只匯出最近的 ${EXPORT_MAX_MESSAGES} 則）`);
    // The oldest five are left out; the newest (not the error reply) is in.
    expect(text).not.toContain("訊息第5則\n");
    expect(text).toContain("訊息第6則\n");
    expect(text).toContain(`訊息第${EXPORT_MAX_MESSAGES + 5}則`);
    expect(text).not.toContain(`訊息第${EXPORT_MAX_MESSAGES + 6}則`);
    // The PDF of the same, typeset in a worker, starts with the same line.
    const pdf = await extractText(await pdfOf((await download(cookie, "pdf")).bytes), { mergePages: true });
    expect(String(pdf.text).replace(/\s+/g, "")).toContain(`只匯出最近的${EXPORT_MAX_MESSAGES}則`);
  });

  it("names files in the product's time zone, with no quotes or line breaks", () => {
    expect(exportFileName("zh-TW", "pdf", new Date("2026-11-22T06:05:09Z"))).toBe("對話記錄_2026-11-22_14-05.pdf");
  });
});
