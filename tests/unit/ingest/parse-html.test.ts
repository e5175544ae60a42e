import { describe, expect, it } from "vitest";
import { parseInWorker } from "@/lib/server/ingest/parse-in-worker";
import { HTML_LIMITS, parseHtml } from "@/lib/server/ingest/worker/parse-html.mjs";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";

const bytes = (html: string) => new TextEncoder().encode(html);
const textOf = (html: string) => parseHtml(bytes(html)).pages[0].text;
const failure = (html: string) => {
  try {
    parseHtml(bytes(html));
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return "parsed";
};

const ARTICLE = `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><title>高鐵票價說明</title>
<style>p { color: red }</style></head><body>
<nav><a href="/">首頁</a> <a href="/news">最新消息</a> <a href="/about">關於我們</a> <a href="/contact">聯絡我們</a></nav>
<aside class="sidebar">熱門文章：颱風假如何宣布、捷運新路線</aside>
<main><article><h1>高鐵票價說明</h1>
<p>台灣高速鐵路自 2007 年通車以來，票價依照里程計算。標準車廂的票價由董事會核定，並於每年檢討一次，調整時會提前公告。</p>
<p>商務車廂提供較寬敞的座位與餐飲服務，票價約為標準車廂的一點五倍。旅客可於車站售票窗口、自動售票機或網路購票。</p>
<h2>票價表</h2>
<table><thead><tr><th>車廂</th><th>臺北至左營</th></tr></thead><tbody><tr><td>標準車廂</td><td>1490 元</td></tr><tr><td>商務車廂</td><td>2440 元</td></tr></tbody></table>
<ol><li>早鳥優惠最低 65 折</li><li>大學生優惠 75 折</li></ol>
<p>Refunds are accepted until <b>thirty minutes</b> before departure.<br>A fee of 20 NTD applies.</p>
<script>document.write("injected")</script>
</article></main>
<footer>© 2026 台灣高鐵 版權所有・隱私權政策・網站地圖</footer></body></html>`;

describe("parseHtml (Readability over linkedom)", () => {
  it("keeps the article, its headings, lists and tables, and leaves out navigation, sidebars, footers and scripts", () => {
    const { pages, pageCount, title } = parseHtml(bytes(ARTICLE));
    expect(title).toBe("高鐵票價說明");
    expect(pageCount).toBeNull();
    expect(pages).toHaveLength(1);
    expect(pages[0].page).toBeNull();
    const text = pages[0].text;
    expect(text.startsWith("# 高鐵票價說明")).toBe(true);
    expect(text).toContain("台灣高速鐵路自 2007 年通車以來，票價依照里程計算。");
    expect(text).toContain("## 票價表");
    expect(text).toContain("| 車廂 | 臺北至左營 |\n| --- | --- |\n| 標準車廂 | 1490 元 |\n| 商務車廂 | 2440 元 |");
    expect(text).toContain("1. 早鳥優惠最低 65 折\n2. 大學生優惠 75 折");
    expect(text).toContain("Refunds are accepted until thirty minutes before departure.\nA fee of 20 NTD applies.");
    for (const furniture of ["最新消息", "熱門文章", "版權所有", "injected", "color: red"]) expect(text).not.toContain(furniture);
  });

  it("reads the whole body of a page without an article, and a fragment without <html>", () => {
    expect(textOf("<p>只有一句話的頁面。</p>")).toBe("只有一句話的頁面。");
    expect(textOf("<!doctype html><title>T</title><div>Short <i>note</i></div>")).toContain("Short note");
  });

  it("decodes entities and keeps preformatted text as it is", () => {
    const text = textOf(`<html><body><article><p>Fish &amp; chips &lt;b&gt; &#x1F600; &quot;q&quot;</p><pre>line 1\n    indented</pre></article></body></html>`);
    expect(text).toContain('Fish & chips <b> 😀 "q"');
    expect(text).toContain("line 1\n    indented");
  });

  it("refuses a sign-in form as such, but not an article that has a search or comment box with a password field", () => {
    expect(failure(`<html><head><title>Sign in</title></head><body><h1>Sign in to continue</h1><form><input name="user"><input type="Password" name="pw"><button>Sign in</button></form></body></html>`)).toBe("login_required");
    const long = "<p>" + "這是一段很長的文章內容，用來確認有密碼欄位的頁面仍然可以讀取。".repeat(60) + "</p>";
    expect(failure(`<html><body><article>${long}</article><form><input type="password"></form></body></html>`)).toBe("parsed");
  });

  it("refuses empty pages, pages of nothing but scripts, and bytes that are not UTF-8", () => {
    expect(failure("   ")).toBe("no_text");
    expect(failure("<html><head><script>var a = 1;</script></head><body><script>render()</script><noscript>Enable JavaScript</noscript></body></html>")).toBe("no_text");
    expect(() => parseHtml(new Uint8Array([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0xa4]))).toThrow(expect.objectContaining({ code: "malformed" }));
  });

  it("reads a page nested deeper than Readability can score quickly, without exhausting the stack", () => {
    const depth = 20_000;
    const text = textOf(`<html><body>${"<div>".repeat(depth)}深處的文字${"</div>".repeat(depth)}</body></html>`);
    expect(text).toBe("深處的文字");
    // Readability is skipped past this depth (it would take minutes here); the test's own time
    // limit is what would catch it scoring such a page.
    expect(HTML_LIMITS.maxReadableDepth).toBeLessThan(depth);
  });

  it("is chosen by parseDocument for the html kind, whose inline SVG icons are no SVG file", async () => {
    const page = ARTICLE.replace("<h2>", '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg><h2>');
    const parsed = await parseDocument(bytes(page), "html");
    expect(parsed.title).toBe("高鐵票價說明");
    expect(parsed.pages[0].text).toContain("1490 元");
  });

  it("runs inside the bounded parse process, which hands back the title", async () => {
    const parsed = await parseInWorker(bytes(ARTICLE), "html", { timeoutMs: 30_000 });
    expect(parsed.title).toBe("高鐵票價說明");
    expect(parsed.pages[0].text).toContain("2440 元");
    await expect(parseInWorker(bytes(`<html><body><form><input type="password"></form></body></html>`), "html", { timeoutMs: 30_000 })).rejects.toEqual(
      expect.objectContaining({ code: "login_required" }),
    );
  });
});
