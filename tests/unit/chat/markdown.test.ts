import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref, type Block } from "@/lib/chat/markdown";

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
    expect(blocks[1]).toMatchObject({
      ordered: false,
      items: [{ inlines: [{ type: "strong" }, { type: "text", text: " 一" }] }, { inlines: [{ type: "em" }, { type: "text" }, { type: "code", text: "code" }] }],
    });
    expect(blocks[2]).toMatchObject({ ordered: true, start: 1, items: [{ blocks: [] }, { blocks: [] }] });
    expect(blocks[3]).toEqual({ type: "code", text: "<b>raw</b>" });
  });

  it("nests indented lines under their list item and keeps an ordered list's first number", () => {
    const blocks = parseMarkdown("1. **步驟一**\n   - 細節 A\n   - 細節 B\n2. 步驟二\n   接續的說明\n\n3. 步驟三\n\n   ```\n   npm ci\n   ```\n\n段落");
    expect(blocks.map((b) => b.type)).toEqual(["list", "paragraph"]);
    const list = blocks[0] as Extract<Block, { type: "list" }>;
    expect(list.ordered).toBe(true);
    expect(list.items).toHaveLength(3);
    expect(list.items[0].inlines).toEqual([{ type: "strong", children: [{ type: "text", text: "步驟一" }] }]);
    expect(list.items[0].blocks).toEqual([
      { type: "list", ordered: false, start: 1, items: [{ inlines: [{ type: "text", text: "細節 A" }], blocks: [] }, { inlines: [{ type: "text", text: "細節 B" }], blocks: [] }] },
    ]);
    expect(list.items[1].inlines).toEqual([{ type: "text", text: "步驟二" }, { type: "break" }, { type: "text", text: "接續的說明" }]);
    expect(list.items[2].blocks).toEqual([{ type: "code", text: "npm ci" }]);
    expect(parseMarkdown("3. three\n4. four")[0]).toMatchObject({ type: "list", ordered: true, start: 3 });
    expect(parseMarkdown("- a\n\n1. b").map((b) => b.type)).toEqual(["list", "list"]);
  });

  it("stops nesting quotes and lists at a fixed depth instead of exhausting the stack", () => {
    const depth = (blocks: Block[]): number =>
      Math.max(0, ...blocks.map((b) => (b.type === "quote" ? 1 + depth(b.blocks) : b.type === "list" ? 1 + Math.max(0, ...b.items.map((item) => depth(item.blocks))) : 0)));
    const quotes = parseMarkdown("> ".repeat(20000) + "深");
    expect(depth(quotes)).toBe(8);
    expect(JSON.stringify(quotes)).toContain("> 深");
    const lists = parseMarkdown(Array.from({ length: 50 }, (_, i) => `${"  ".repeat(i)}- ${i}`).join("\n"));
    expect(depth(lists)).toBe(8);
    expect(JSON.stringify(lists)).toContain("- 49");
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
