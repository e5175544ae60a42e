import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "@/lib/chat/markdown";

describe("parseMarkdown", () => {
  it("reads the offline model's reply: lead, quote with a citation, source line", () => {
    const blocks = parseMarkdown("根據您的文件，最相關的內容如下：\n\n> 資源回收在每週二與週四收運。 [1]\n\n— 《垃圾清運.txt》 第 2 頁");
    expect(blocks).toEqual([
      { type: "paragraph", inlines: [{ type: "text", text: "根據您的文件，最相關的內容如下：" }] },
      { type: "quote", blocks: [{ type: "paragraph", inlines: [{ type: "text", text: "資源回收在每週二與週四收運。 " }, { type: "cite", n: 1 }] }] },
      { type: "paragraph", inlines: [{ type: "text", text: "— 《垃圾清運.txt》 第 2 頁" }] },
    ]);
  });

  it("reads headings, lists, code, rules and emphasis", () => {
    const blocks = parseMarkdown("# 標題\n\n- **重點** 一\n- *次要* `code`\n\n1. first\n2. second\n\n```\n<b>raw</b>\n```\n\n---");
    expect(blocks.map((b) => b.type)).toEqual(["heading", "list", "list", "code", "rule"]);
    expect(blocks[1]).toMatchObject({ ordered: false, items: [[{ type: "strong" }, { type: "text", text: " 一" }], [{ type: "em" }, { type: "text" }, { type: "code", text: "code" }]] });
    expect(blocks[3]).toEqual({ type: "code", text: "<b>raw</b>" });
  });

  it("keeps HTML as text and drops unsafe link targets", () => {
    expect(parseInline("<script>alert(1)</script><img src=x onerror=alert(1)>")).toEqual([{ type: "text", text: "<script>alert(1)</script><img src=x onerror=alert(1)>" }]);
    const links = parseInline("[click](javascript:alert(1)) [ok](https://example.com/a)");
    expect(links.filter((n) => n.type === "link")).toEqual([{ type: "link", href: "https://example.com/a", children: [{ type: "text", text: "ok" }] }]);
    expect(links[0]).toMatchObject({ type: "text", text: expect.stringContaining("click") });
    expect(parseInline("see https://example.com/x.")).toEqual([
      { type: "text", text: "see " },
      { type: "link", href: "https://example.com/x", children: [{ type: "text", text: "https://example.com/x" }] },
      { type: "text", text: "." },
    ]);
  });

  it("allows only http(s) and mailto links", () => {
    expect(safeHref("https://example.com")).toBe("https://example.com/");
    expect(safeHref("mailto:a@example.com")).toBe("mailto:a@example.com");
    for (const bad of ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,<script>", "/relative", "vbscript:x"]) expect(safeHref(bad), bad).toBeNull();
  });
});
