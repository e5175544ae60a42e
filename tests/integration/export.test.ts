import { describe, expect, it } from "vitest";
import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";
import { NextRequest } from "next/server";
import * as exportRoute from "@/app/api/messages/export/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { exportFileName } from "@/lib/server/export/chat-export";
import { answerMessage } from "@/lib/server/services/answer-message";
import { ORIGIN, seedUser } from "../support/http";

const HOSTILE = `<script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a>`;

async function download(cookie: string, format: string) {
  const req = new NextRequest(`${ORIGIN}/api/messages/export?format=${format}`, { headers: { host: "localhost:3000", cookie } });
  const res = await exportRoute.GET(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function conversation(locale: "zh-TW" | "en" = "zh-TW") {
  const seeded = await seedUser({ role: "admin" });
  await answerMessage({ scope: { kind: "own", owner: seeded.user }, locale, content: "臺灣高鐵的最高時速是多少？請用繁體中文回答。" });
  await answerMessage({ scope: { kind: "own", owner: seeded.user }, locale, content: HOSTILE, imageFileName: "收據.png" });
  return seeded;
}

function fileNameOf(headers: Headers): string {
  const value = headers.get("content-disposition")!;
  expect(value).not.toMatch(/[\r\n]/);
  return decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(value)![1]);
}

describe("GET /api/messages/export", () => {
  it("exports text and Markdown with title, export time, role labels, times and the Chinese intact", async () => {
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
      expect(fileNameOf(res.headers)).toMatch(new RegExp(`^對話記錄_\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}\\.${format}$`));
    }
  });

  it("escapes the HTML export so nothing in a message runs or loads", async () => {
    const { cookie } = await conversation();
    const res = await download(cookie, "html");
    const html = new TextDecoder().decode(res.bytes);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<a [^>]*href="javascript:/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).toContain("臺灣高鐵的最高時速是多少？");
  });

  it("exports Word that reads back with the Chinese intact", async () => {
    const { cookie } = await conversation();
    const res = await download(cookie, "docx");
    expect(res.headers.get("content-type")).toContain("wordprocessingml");
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(res.bytes) });
    expect(value).toContain("對話記錄");
    expect(value).toContain("臺灣高鐵的最高時速是多少？請用繁體中文回答。");
    expect(value).toContain("AI 助理");
    expect(value).toContain("<script>alert(1)</script>");
  });

  it("exports a PDF whose text reads back with the Chinese intact", async () => {
    const { cookie } = await conversation();
    const res = await download(cookie, "pdf");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = await getDocumentProxy(res.bytes);
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = String(text).replace(/\s+/g, "");
    expect(flat).toContain("對話記錄");
    expect(flat).toContain("臺灣高鐵的最高時速是多少？請用繁體中文回答。");
    expect(flat).toContain("AI助理");
  });

  it("uses English labels and file name for an English reader", async () => {
    const { cookie } = await conversation("en");
    const res = await download(`${cookie}; ${LOCALE_COOKIE}=en`, "txt");
    const text = new TextDecoder().decode(res.bytes);
    expect(text).toMatch(/^Chat Conversation\nExported at: /);
    expect(text).toContain("[User]");
    expect(text).toContain("[Assistant]");
    expect(fileNameOf(res.headers)).toMatch(/^Chat_Conversation_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.txt$/);
    expect(res.headers.get("content-disposition")).toMatch(/filename="Chat_Conversation_[\d_-]+\.txt"/);
  });

  it("refuses an empty conversation with 尚無對話內容可匯出, and an unknown format with 400", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const empty = await download(cookie, "txt");
    expect(empty.status).toBe(400);
    expect(JSON.parse(new TextDecoder().decode(empty.bytes)).message).toBe("尚無對話內容可匯出");
    const { cookie: other } = await conversation();
    expect((await download(other, "exe")).status).toBe(400);
  });

  it("names files in the product's time zone, with no quotes or line breaks", () => {
    expect(exportFileName("zh-TW", "pdf", new Date("2026-11-22T06:05:09Z"))).toBe("對話記錄_2026-11-22_14-05.pdf");
  });
});
